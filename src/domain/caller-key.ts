import crypto from 'node:crypto';
import type { RequestContext } from '../core/context';

/**
 * A short digest of what, besides the data, an answer made for this caller depends
 * on: its organizations with its role in each (the memberships shown beside a
 * user), and the organizations the route allows it (its scope). Part of the version
 * of such answers: the ETag of one caller's answer then never confirms another's
 * (a browser keeps answers by URL, whoever signed in), nor the caller's own once its
 * memberships changed.
 */
export function callerKey(ctx: Pick<RequestContext, 'memberships' | 'orgIds'>): string {
  const memberships = ctx.memberships.map((m) => `${m.orgId}:${m.role}`).join(',');
  return crypto
    .createHash('sha1')
    .update(`${memberships} ${ctx.orgIds.join(',')}`)
    .digest('base64url')
    .slice(0, 12);
}

import type { RequestContext } from '../../core/context';
import { orgAuditCount } from '../orgs/data';

/**
 * GET /audit, the version of its answer (src/http/etag.ts): the organization's audit
 * counter, moved by every entry appended to its log in that entry's transaction.
 * (The newest entry's id would not do: ids are handed out when entries are written,
 * and a transaction holding a smaller one may commit after a larger one was read.)
 * Undefined where the caller may not read the log (the route answers 404).
 */
export async function auditVersion(ctx: RequestContext, input: { query: { orgId: number } }): Promise<string | undefined> {
  const { orgId } = input.query;
  if (!ctx.orgIds.includes(orgId)) return undefined;
  const entries = await orgAuditCount(ctx.db, orgId);
  return entries === undefined ? undefined : `a${orgId}.${entries}`;
}

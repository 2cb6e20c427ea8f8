import type { RequestContext } from '../../core/context';
import { callerKey } from '../caller-key';
import { orgChangeCount, orgsChangeSum } from './data';

// Versions of the organizations' reads (the ETags of src/http/etag.ts): the
// organizations' change counters (data/changes.ts), one indexed read. A version
// names everything its answer depends on, so the same version is the same answer
// whoever asks; it is undefined where the caller may not see the organization, and
// the route then answers as it would (404).

/** GET /org/detail, GET /projects: the organization's change counter (its row, its projects' records). */
export async function orgVersion(ctx: RequestContext, input: { query: { orgId: number } }): Promise<string | undefined> {
  const { orgId } = input.query;
  if (!ctx.orgIds.includes(orgId)) return undefined;
  const changes = await orgChangeCount(ctx.db, orgId);
  return changes === undefined ? undefined : `o${orgId}.${changes}`;
}

/** GET /orgs: which organizations the caller has, and their change counters. */
export async function orgsVersion(ctx: RequestContext): Promise<string> {
  return `os${await orgsChangeSum(ctx.db, ctx.orgIds)}.${callerKey(ctx)}`;
}

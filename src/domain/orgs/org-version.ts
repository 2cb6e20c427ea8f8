import type { RequestContext } from '../../core/context';
import { counterVersion } from '../../core/counter-version';
import { callerKey } from '../caller-key';
import { orgCounterSql, orgsChangeSum } from './data';

// Versions of the organizations' reads (the ETags of src/http/etag.ts): the
// organizations' change counters (data/changes.ts), one indexed read. A version
// names everything its answer depends on, so the same version is the same answer
// whoever asks; it is undefined where the caller may not see the organization, and
// the route then answers as it would (404).

type OrgInput = { query: { orgId: number } };

const orgVersionAt = (orgId: number, changes: number) => `o${orgId}.${changes}`;

/**
 * GET /org/detail, GET /projects: the organization's change counter (its row, its
 * projects' records); with If-None-Match it is read in the credential's statement.
 */
export const orgVersion = counterVersion<OrgInput>({
  sql: (input, orgIds) => orgCounterSql('change_count', input.query.orgId, orgIds),
  version: (input, counter) => orgVersionAt(input.query.orgId, counter),
});

/** GET /orgs: which organizations the caller has, and their change counters. */
export async function orgsVersion(ctx: RequestContext): Promise<string> {
  return `os${await orgsChangeSum(ctx.db, ctx.orgIds)}.${callerKey(ctx)}`;
}

import type { RequestContext } from '../../core/context';
import type { VersionRead } from '../../core/route';
import type { Prisma } from '../../generated/prisma/client';
import { callerKey } from '../caller-key';
import { orgChangeCount, orgCounterSql, orgsChangeSum } from './data';

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
export const orgVersion: VersionRead<OrgInput> = Object.assign(
  async (ctx: RequestContext, input: OrgInput): Promise<string | undefined> => {
    const { orgId } = input.query;
    if (!ctx.orgIds.includes(orgId)) return undefined;
    const changes = await orgChangeCount(ctx.db, orgId);
    return changes === undefined ? undefined : orgVersionAt(orgId, changes);
  },
  {
    rider: {
      sql: (input: OrgInput, orgIds: Prisma.Sql) => orgCounterSql('change_count', input.query.orgId, orgIds),
      version: (input: OrgInput, counter: number) => orgVersionAt(input.query.orgId, counter),
    },
  },
);

/** GET /orgs: which organizations the caller has, and their change counters. */
export async function orgsVersion(ctx: RequestContext): Promise<string> {
  return `os${await orgsChangeSum(ctx.db, ctx.orgIds)}.${callerKey(ctx)}`;
}

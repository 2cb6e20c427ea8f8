import type { RequestContext } from '../../core/context';
import type { VersionRead } from '../../core/route';
import type { Prisma } from '../../generated/prisma/client';
import { runTestHistoryVersion, runTestHistoryVersionSql } from './data';

type HistoryInput = { query: { runId: number; testId: number } };

const versionAt = (input: HistoryInput, counter: number) => `r${input.query.runId}.t${input.query.testId}.${counter}`;

/**
 * The version of GET /run/test-status-history: its project's change counter and its
 * users' (data/run-tests.ts), undefined when the caller may not see the run.
 */
export const runTestHistoryVersionRead: VersionRead<HistoryInput> = Object.assign(
  async (ctx: RequestContext, input: HistoryInput): Promise<string | undefined> => {
    const counter = await runTestHistoryVersion(ctx.db, input.query.runId, input.query.testId, ctx.orgIds);
    return counter === undefined ? undefined : versionAt(input, counter);
  },
  {
    rider: {
      sql: (input: HistoryInput, orgIds: Prisma.Sql) => runTestHistoryVersionSql(input.query.runId, input.query.testId, orgIds),
      version: versionAt,
    },
  },
);

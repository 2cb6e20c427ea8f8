import { counterVersion } from '../../core/counter-version';
import { Prisma } from '../../generated/prisma/client';
import { projectChangeSql } from '../projects/data';
import { projectVersionAt } from '../projects/project-version';

/**
 * The version of GET /run/tests and /run/test-status: the project's (projectVersion), except
 * for `assigneeId=me`, whose answer depends on who asks: it has none, so no ETag stands for
 * another caller's answer and no kept answer is sent to another caller.
 */
export const runTestsVersion = counterVersion<{ query: { projectId: number; assigneeId?: number | 'me' | 'none' } }>({
  sql: (input, orgIds) => (input.query.assigneeId === 'me' ? Prisma.sql`NULL::int[]` : projectChangeSql(input.query.projectId, orgIds)),
  version: (input, counter) => projectVersionAt(input.query.projectId, counter),
});

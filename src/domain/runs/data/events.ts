import type { Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import type { RunEvent } from '../runs.schemas';
import { isoTime } from './columns';

/** The PostgreSQL notification channel of changes to runs' results (GET /run/events). */
export const RUN_EVENTS_CHANNEL = 'casebook_run_events';

// A notification's payload holds at most 8000 bytes; the results go with it while they fit
// well under that (a user's name and the rest take the remainder), else readers fetch them.
const MAX_TESTS_BYTES = 6000;

/**
 * Tells every process listening on the database that the run changed (src/db/notifications.ts):
 * pg_notify inside the writing transaction, so the event leaves only if the write commits,
 * in commit order. `tests` are the results written, dropped (null) when too many to carry.
 */
export async function notifyRunChange(
  tx: Tx,
  change: { runId: number; projectId: number; userId: number; kind: RunEvent['kind']; count: number; tests?: RunEvent['tests'] },
): Promise<void> {
  const tests = change.tests ? JSON.stringify(change.tests) : null;
  const carried = tests !== null && Buffer.byteLength(tests) <= MAX_TESTS_BYTES ? tests : null;
  await tx.$executeRaw`SELECT pg_notify(${RUN_EVENTS_CHANNEL}, json_build_object(
    'runId', ${change.runId}::int, 'projectId', ${change.projectId}::int, 'kind', ${change.kind}::text,
    'by', (SELECT json_build_object('userId', u.id, 'name', u.name) FROM users u WHERE u.id = ${change.userId}::int),
    'at', ${Prisma.raw(isoTime('clock_timestamp()'))}, 'count', ${change.count}::int, 'tests', ${carried}::json)::text)`;
}

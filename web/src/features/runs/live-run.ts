// What a live event of a run (GET /run/events) changes on the execute screen, kept free of React
// (test/web/unit/live-run.test.ts): who marked which rows, and the sentence that says so.
import type { components } from '../../lib/api-types';
import { STATUS_LABELS } from '../../lib/status-counts';

export type RunEvent = components['schemas']['RunEvent'];

/**
 * Rows marked by someone else, by test id → their name, after `event`: another person's marks
 * name them on their rows; the tester's own marks (from this or another tab) clear the note.
 */
export function markedByAfter(
  marked: ReadonlyMap<number, string>,
  event: RunEvent,
  myUserId: number | undefined,
): ReadonlyMap<number, string> {
  // A reset set every row (to retest): no earlier mark stands.
  if (event.kind === 'reset') return new Map();
  if (event.kind !== 'results' || !event.tests) return marked;
  const next = new Map(marked);
  for (const t of event.tests) {
    if (event.by.userId === myUserId) next.delete(t.testId);
    else next.set(t.testId, event.by.name);
  }
  return next;
}

/** The sentence announcing another person's change: `Ana marked “Pay by card” Failed.` */
export function describeEvent(event: RunEvent, titleOf: (testId: number) => string | undefined): string {
  const who = event.by.name;
  if (event.kind === 'reset') return `${who} reset the run: every test is Retest.`;
  if (event.kind === 'run') return `${who} changed the run.`;
  const only = event.tests?.length === 1 ? event.tests[0] : undefined;
  const title = only && titleOf(only.testId);
  if (only && title) return `${who} marked “${title}” ${STATUS_LABELS[only.status]}.`;
  return `${who} marked ${event.count} ${event.count === 1 ? 'test' : 'tests'}.`;
}

// A test's last executions as the test case page's strip shows them: each mark's name, shape and
// the summary line. Plain TypeScript, unit-tested.
import type { paths } from '../../lib/api-types';
import { STATUS_LABELS, type Status } from '../../lib/status-counts';

export type ExecutionsPage = paths['/api/v1/test/executions']['get']['responses'][200]['content']['application/json']['data'];
export type Execution = ExecutionsPage['executions'][number];

/** Each status's shape, so colour never carries it alone (an execution is never untested; its shape is there for completeness). */
export const EXECUTION_GLYPHS: Record<Status, string> = {
  passed: '✓',
  failed: '✕',
  blocked: '⊘',
  retest: '↻',
  untested: '○',
};

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/** "Nightly 12: failed, 26 Nov"; "Nightly 12: passed (flaky in run), 26 Nov" when a rerun in it passed and failed. */
export function executionName(e: Execution): string {
  return `${e.runName}: ${STATUS_LABELS[e.status].toLowerCase()}${e.flakyInRun ? ' (flaky in run)' : ''}, ${day(e.executedAt)}`;
}

/** "12 passed, 3 failed of the last 15"; the statuses in their usual order, those with none left out. */
export function executionsSummary(executions: Execution[]): string {
  if (executions.length === 0) return 'Not executed in any run yet.';
  const counts = (['passed', 'failed', 'blocked', 'retest'] as const)
    .map((s) => [s, executions.filter((e) => e.status === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`);
  const flaky = executions.filter((e) => e.flakyInRun).length;
  const of = executions.length === 1 ? 'of the last execution' : `of the last ${executions.length}`;
  return `${counts.join(', ')} ${of}${flaky ? ` (${flaky} flaky in run)` : ''}`;
}

/** Oldest first, as the strip reads left to right (the API answers newest first). */
export const oldestFirst = (newestFirst: Execution[]) => [...newestFirst].reverse();

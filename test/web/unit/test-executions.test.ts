import { executionName, executionsSummary, oldestFirst, type Execution } from '../../../web/src/features/test-cases/executions';

const run = (runId: number, status: Execution['status'], flakyInRun = false): Execution => ({
  runId,
  runName: `Nightly ${runId}`,
  status,
  executedAt: '2026-11-26T10:00:00.000Z',
  elapsedMs: null,
  flakyInRun,
});

it('sums the executions by status in the usual order, leaving out those with none', () => {
  const list = [run(5, 'failed'), run(4, 'passed'), run(3, 'passed'), run(2, 'blocked'), run(1, 'passed')];
  expect(executionsSummary(list)).toBe('3 passed, 1 failed, 1 blocked of the last 5');
  expect(executionsSummary([run(1, 'retest')])).toBe('1 retest of the last execution');
  expect(executionsSummary([run(2, 'passed', true), run(1, 'passed')])).toBe('2 passed of the last 2 (1 flaky in run)');
  expect(executionsSummary([])).toBe('Not executed in any run yet.');
});

it('names a mark by run, status and day, and reads oldest first', () => {
  expect(executionName(run(12, 'failed'))).toMatch(/^Nightly 12: failed, (26 Nov|Nov 26)$/);
  expect(executionName(run(12, 'passed', true))).toMatch(/^Nightly 12: passed \(flaky in run\), /);
  expect(oldestFirst([run(3, 'passed'), run(2, 'failed'), run(1, 'passed')]).map((e) => e.runId)).toEqual([1, 2, 3]);
});

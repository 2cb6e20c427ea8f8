import { counterVersion } from '../../core/counter-version';
import { runTestHistoryVersionSql } from './data';

type HistoryInput = { query: { runId: number; testId: number } };

/**
 * The version of GET /run/test-status-history: its project's change counter and its
 * users' (data/run-tests.ts), undefined when the caller may not see the run.
 */
export const runTestHistoryVersionRead = counterVersion<HistoryInput>({
  sql: (input, orgIds) => runTestHistoryVersionSql(input.query.runId, input.query.testId, orgIds),
  version: (input, counter) => `r${input.query.runId}.t${input.query.testId}.${counter}`,
});

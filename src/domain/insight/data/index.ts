export { FLAKY_BIT, NO_ELAPSED, readDigests, refreshDigests, STATUS_CODE, type RunDigest } from './digests';
export { liveTestIdsOf, runsWithResultsSince, testNames, windowRuns } from './window';
export { defaultBase, failureLines, latestRunId, runHead, type RunHead } from './compare';
export { liveTestFacts, runsSince, type DashboardRun } from './dashboard';
export { executionsPage, type TestExecution } from './executions';

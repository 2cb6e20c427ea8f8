// What other features and the app may use of runs: their screens, a run's name and detail, a page of runs, creating one, and the keys of a project's runs.
export { useCreateRun } from './api/create-run';
export { useRunDetail } from './api/get-run-detail';
export { runKeys } from './api/query-keys';
export { useRuns } from './api/get-runs';
export { RunExecutePage } from './components/run-execute-page';
export { RunName } from './components/run-name';
export { RunsPage } from './components/runs-page';

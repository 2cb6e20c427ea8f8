// What other features and the app may use of runs: their screens, a run's name and detail, a page of runs, creating one, the keys of a project's runs, and the choice of a run's tests (a plan's entries choose theirs the same way).
export { useCreateRun } from './api/create-run';
export { useSelectionCount, type SelectionSize } from './api/count-selection';
export { useAssignees } from './api/get-assignees';
export { useRunDetail } from './api/get-run-detail';
export { runKeys } from './api/query-keys';
export { useRuns } from './api/get-runs';
export { RunExecutePage } from './components/run-execute-page';
export { RunName } from './components/run-name';
export { RunsPage } from './components/runs-page';
export { noSelection, TestSelection, useSectionRows } from './components/test-selection';
export { selectionFields, type SelectionFields, type SelectionState } from './selection';

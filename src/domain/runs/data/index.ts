export { counterMoves, isoTime, RESULTS_MOVED, RUN_FILL, scopedRunSql, type RunFill, type RunRow, type ScopedRunRow } from './columns';
export { notifyRunChange, RUN_EVENTS_CHANNEL } from './events';
export { recordAttempts, type AttemptRows } from './import';
export { readReportBatch, readReportHeader, type ReportHeader } from './report';
export { deleteRunTests, idsNotInRun, insertUntestedRows, resetResults, setStatuses, type StatusRows } from './results';
export {
  findRunWithTestsPage,
  findRunTest,
  runTestsPageOf,
  runTestsPageSql,
  type RunTestsPageQuery,
  type RunTestExtras,
  runTestHistoryPage,
  type RunTestFilters,
  runTestHistoryVersionSql,
  testIsInProject,
  type RunTestHistoryPage,
} from './run-tests';
export { deleteRunRow, findScopedRun, insertRunRow, listRunsPage, setRunLocked, setRunUnlocked, updateRunRow } from './runs';
export { countRunTestsBySection, type SectionCounts } from './section-counts';
export { clearRunSnapshot, frozenNamesJson, shown, snapshotRunTests } from './snapshot';
export { countSource, idListSql, idsNotInProject, selectionSql, type ProjectIdKind, type Selection } from './sources';
export { runStamp, runStampSql } from './stamp';
export { assigneeCounts, DONE_STATUSES, runTestsOfSource, setAssignees, type AssigneeCountRow } from './assignees';

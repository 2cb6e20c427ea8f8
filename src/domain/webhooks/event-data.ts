import type { StatusCounts, TestStatusName } from '../runs/runs.schemas';

// The `data` of each webhook event, as the writes emit it (src/domain/webhooks/emitters/) and the
// chat formats read it (chat-format.ts). Each carries the names a message needs (run, project,
// milestone), so nothing reads the database when a delivery is formatted. The README's
// "Webhook events" table lists them.

/** Lists of ids and results in one event stop here; past it an event gives counts only. */
export const EVENT_LIST_LIMIT = 1000;

/** A run as events name it. */
export interface EventRun {
  runId: number;
  runName: string;
  projectName: string;
  planId: number | null;
  milestoneId: number | null;
  build: { commit: string | null; branch: string | null; buildNumber: string | null; buildUrl: string | null; ciJob: string | null } | null;
  statusCounts: StatusCounts;
  /** Share of passed tests, percent of the total, two decimals; 0 for an empty run. */
  passRate: number;
}

export type RunCreatedData = EventRun;

/** Failed or blocked now, passed in the base run (the comparison of GET /run/compare with its default base). */
export interface NewFailures {
  baseRunId: number;
  baseRunName: string;
  count: number;
  /** The first ones by test id (at most NEW_FAILURES_LISTED). */
  tests: { testId: number; title: string; status: TestStatusName }[];
}

export const NEW_FAILURES_LISTED = 10;

export interface RunCompletedData extends EventRun {
  /** Null when the run has no base run to compare with. */
  newFailures: NewFailures | null;
}

export interface RunLockData extends EventRun {
  locked: boolean;
}

export interface RunDeletedData {
  runId: number;
  runName: string;
  projectName: string;
  planId: number | null;
  /** `run`: DELETE /run/delete; `plan`: deleted with its plan (DELETE /plan/delete). */
  via: 'run' | 'plan';
}

export interface ResultChange {
  testId: number;
  title: string;
  status: TestStatusName;
  /** Null for a test that was not in the run before (a JUnit import adds it). */
  previousStatus: TestStatusName | null;
}

/** One request's results of one run: listed up to EVENT_LIST_LIMIT, past it only counted. */
export type ResultsUpdatedData = {
  runId: number;
  runName: string;
  projectName: string;
  total: number;
} & ({ truncated: false; results: ResultChange[] } | { truncated: true });

/** One request's test changes in one project: ids up to EVENT_LIST_LIMIT per list, `counts` always. */
export interface TestsChangedData {
  projectName: string;
  created: number[];
  updated: number[];
  deleted: number[];
  counts: { created: number; updated: number; deleted: number };
  /** True when a list holds fewer ids than its count. */
  truncated: boolean;
}

export interface JUnitImportData {
  source: 'junit';
  projectName: string;
  run: EventRun;
  /** True when the import made the run. */
  newRun: boolean;
  tests: { total: number; matched: number; created: number; unmatched: number; unknown: number };
  results: { passed: number; failed: number; blocked: number; retest: number; untested: number; passedOnRetry: number };
  elapsedMs: number;
}

export interface CsvImportData {
  source: 'csv';
  projectName: string;
  rowsRead: number;
  testsCreated: number;
  sectionsCreated: number;
  labelsCreated: number;
}

export type ImportCompletedData = JUnitImportData | CsvImportData;

export interface MilestoneCompletedData {
  milestoneId: number;
  name: string;
  projectName: string;
  parentId: number | null;
  dueDate: string | null;
  completedAt: string | null;
  /** The milestone's runs (its own and its sub-milestones') and their counters added up, as GET /milestones shows them. */
  runCount: number;
  statusCounts: StatusCounts;
  passRate: number;
}

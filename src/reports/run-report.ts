import type { RequestContext } from '../core/context';
import { readReportBatch, readReportHeader } from '../domain/runs/data';
import { countsOf, runNotFound, toRunRecord } from '../domain/runs/run-access';
import type { DefectLink } from '../domain/defects/defect-links';
import { IMAGE_TYPES } from '../domain/attachments/content-type';
import type { z } from '../core/schemas';
import { TEST_STATUSES, type reportAttachment, type StatusCounts, type TestStatusName } from '../domain/runs/runs.schemas';

// The run report model: the run, its project and summary, and the rows read in
// batches while the report is written, so no format ever holds a whole large run
// (5,000 results with long comments are ~50 MB). The header and the rows' order
// are read in one statement, so the summary is that of the rows listed; a result
// changed while its report is being written shows its newer status and comment.

export interface RunReportRow {
  testId: number;
  title: string;
  sectionId: number | null;
  /** `Parent > Child`, null for a test outside any section. */
  sectionPath: string | null;
  priority: string | null;
  squad: string | null;
  status: TestStatusName;
  comment: string | null;
  /** Milliseconds the execution took, null when not reported. */
  elapsedMs: number | null;
  /** The defects the result links to, each with its link (null: an id without a template). */
  defects: DefectLink[];
  /** A failed result's first failed step, null when none is. */
  failedStep: { index: number; action: string | null; comment: string | null } | null;
  /** The files attached to the test's results in this run, oldest first. */
  attachments: ReportAttachment[];
  /** Name of the user who set the current status. */
  updatedBy: string | null;
  updatedAt: Date;
}

/** An attachment as the report lists it; its bytes are at GET /attachment/download. */
export type ReportAttachment = z.infer<typeof reportAttachment>;

export interface RunReportSummary extends StatusCounts {
  /** Share of passed tests, percent of total, two decimals; 0 for an empty run. */
  passRate: number;
  /** Total elapsed time of the current results, ms (a result without one counts 0). */
  elapsedMs: number;
}

export interface RunReport {
  run: ReturnType<typeof toRunRecord>;
  project: { projectId: number; orgId: number; projectName: string; projectDescription: string | null };
  summary: RunReportSummary;
  /**
   * The rows in report order, a batch at a time, each as the JSON texts of its
   * rows joined by commas (the JSON format writes them as they are; rowsOf
   * parses one for the others). Iterate it once.
   */
  batches: AsyncIterable<string>;
}

export const percentOf = (part: number, total: number) => (total === 0 ? 0 : Math.round((part / total) * 10000) / 100);

export function summarize(counts: StatusCounts, elapsedMs: number): RunReportSummary {
  return { ...counts, passRate: percentOf(counts.passed, counts.total), elapsedMs };
}

/** The rows of one batch. */
export function rowsOf(batch: string): RunReportRow[] {
  const rows = JSON.parse(`[${batch}]`) as (Omit<RunReportRow, 'updatedAt'> & { updatedAt: string | Date })[];
  for (const row of rows) row.updatedAt = new Date(row.updatedAt);
  return rows as RunReportRow[];
}

// Rows per batch: with 10 KB comments a batch is ~1 MB of text, small enough
// that reading and writing one never holds the event loop for long.
const BATCH = 100;

/** Batches in report order; the next one is read while the current one is written. */
async function* batches(read: (ids: number[]) => Promise<string>, testIds: number[], first: Promise<string>): AsyncGenerator<string> {
  let current = first;
  for (let start = 0; start < testIds.length; start += BATCH) {
    const next = start + BATCH < testIds.length ? read(testIds.slice(start + BATCH, start + 2 * BATCH)) : undefined;
    next?.catch(() => {}); // awaited on the next turn; this only keeps an abandoned read from being "unhandled"
    yield await current;
    if (next) current = next;
  }
}

/**
 * Opens the report of a run the caller may see (404 otherwise). The first batch
 * is read before this resolves, so a failing database still gets the error envelope.
 */
export async function openRunReport(ctx: RequestContext, runId: number, projectId: number): Promise<RunReport> {
  const header = await readReportHeader(ctx.db, ctx.orgIds, runId, projectId);
  if (!header) return runNotFound(ctx, projectId);
  const read = (ids: number[]) => readReportBatch(ctx.db, runId, projectId, ids);
  const first = read(header.testIds.slice(0, BATCH));
  await first;
  const counts = countsOf(header);
  return {
    run: toRunRecord(header),
    project: { projectId, orgId: header.orgId, projectName: header.projectName, projectDescription: header.projectDescription },
    summary: summarize(counts, header.elapsedMs),
    batches: batches(read, header.testIds, first),
  };
}

// Shared by the HTML and PDF renderers, so both draw the same thing.

export const STATUS_LABELS: Record<TestStatusName, string> = {
  passed: 'Passed',
  failed: 'Failed',
  blocked: 'Blocked',
  retest: 'Retest',
  untested: 'Untested',
};
export const STATUS_COLORS: Record<TestStatusName, string> = {
  passed: '#2e7d32',
  failed: '#c62828',
  blocked: '#6a1b9a',
  retest: '#ef6c00',
  untested: '#90a4ae',
};
export const NO_SECTION = 'No section';

/** The results whose attachments the HTML and PDF reports show: those someone has to act on. */
/** `Failed at step 3: Pay · Card declined`, or null. */
export const failedStepText = (r: RunReportRow): string | null =>
  r.failedStep
    ? `Failed at step ${r.failedStep.index}${r.failedStep.action ? `: ${r.failedStep.action}` : ''}${r.failedStep.comment ? ` · ${r.failedStep.comment}` : ''}`
    : null;

export const showsEvidence = (r: RunReportRow) => (r.status === 'failed' || r.status === 'blocked') && r.attachments.length > 0;

export const isImage = (a: ReportAttachment) => IMAGE_TYPES.includes(a.contentType);

/** Where an attachment's bytes are downloaded, relative to the server that wrote the report. */
export const attachmentUrl = (projectId: number, a: ReportAttachment) =>
  `/api/v1/attachment/download?projectId=${projectId}&attachmentId=${a.attachmentId}`;

/** `532 B`, `48 KB`, `3.1 MB` */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export interface ChartBar {
  status: TestStatusName;
  label: string;
  color: string;
  count: number;
  percent: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The figures a report's summary shows (a run's, or a milestone's across its runs). */
export interface SummaryFigures extends StatusCounts {
  passRate: number;
  /** Total time of the results; a summary without it shows no time. */
  elapsedMs?: number;
}

/** Geometry of the status bar chart in a `width` × `height` plot area (origin top-left, bars grow up). */
export function chartBars(summary: StatusCounts, width: number, height: number): ChartBar[] {
  const max = Math.max(1, ...TEST_STATUSES.map((s) => summary[s]));
  const slot = width / TEST_STATUSES.length;
  const barWidth = slot * 0.6;
  return TEST_STATUSES.map((status, i) => {
    const count = summary[status];
    const barHeight = (count / max) * height;
    return {
      status,
      label: STATUS_LABELS[status],
      color: STATUS_COLORS[status],
      count,
      percent: percentOf(count, summary.total),
      x: i * slot + (slot - barWidth) / 2,
      y: height - barHeight,
      width: barWidth,
      height: barHeight,
    };
  });
}

/** `850 ms`, `12.3 s`, `4m 05s`, `2h 03m`: short enough for the PDF's Time column; empty for null. */
export function formatElapsed(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
  const s = Math.floor(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor(s / 60) % 60).padStart(2, '0')}m`;
}

/** `2026-11-21 08:34 UTC` */
export const formatWhen = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '');

export const reportFilename = (runId: number, ext: string) => `run-${runId}-report.${ext}`;

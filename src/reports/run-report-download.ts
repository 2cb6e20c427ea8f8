import type { Writable } from 'node:stream';
import type { FileDownload } from '../core/download';
import { reportFilename, type RunReport } from './run-report';
import { writeHtmlReport } from './run-report-html';
import type * as RunReportPdf from './run-report-pdf';
import { endStream, writeChunk, writtenBy } from './stream-writes';

// The PDF renderer (pdfkit, fontkit and the fonts' tables, ~20 MB resident) loads with the
// first PDF report rather than with the server, which may never render one.
const writePdfReport: typeof RunReportPdf.writePdfReport = (report, out) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy on purpose (see above)
  (require('./run-report-pdf') as typeof RunReportPdf).writePdfReport(report, out);

export type RunReportFormat = 'json' | 'html' | 'pdf';

const contentTypes: Record<RunReportFormat, string> = {
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
};
export const RUN_REPORT_CONTENT_TYPES = Object.values(contentTypes).map((t) => t.split(';')[0]);

/** `{ run, project, summary, tests }`, the tests written a batch at a time as they are read. */
async function writeJsonReport(report: RunReport, out: Writable): Promise<void> {
  const { run, project, summary } = report;
  await writeChunk(
    out,
    `{"run":${JSON.stringify(run)},"project":${JSON.stringify(project)},"summary":${JSON.stringify(summary)},"tests":[`,
  );
  let first = true;
  for await (const batch of report.batches) {
    if (!batch) continue; // every test of the batch left the run meanwhile
    if (!first) await writeChunk(out, ',');
    await writeChunk(out, batch);
    first = false;
  }
  await endStream(out, ']}');
}

/**
 * The report as a file. `openRunReport` has read its header and first rows, so
 * errors up to there still get the JSON envelope; the rest is rendered as the
 * client reads, and one that goes away mid-file ends the rendering quietly.
 */
export function runReportDownload(report: RunReport, format: RunReportFormat): FileDownload {
  const write = format === 'json' ? writeJsonReport : format === 'html' ? writeHtmlReport : writePdfReport;
  return {
    contentType: contentTypes[format],
    filename: reportFilename(report.run.runId, format),
    body: writtenBy((out) => write(report, out)),
  };
}

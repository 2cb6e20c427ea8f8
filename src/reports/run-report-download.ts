import type { Response } from 'express';
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { reportFilename, type RunReport } from './run-report';
import { writeHtmlReport } from './run-report-html';
import { writePdfReport } from './run-report-pdf';
import { endStream, writeChunk } from './stream-writes';

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
  await writeChunk(out, `{"run":${JSON.stringify(run)},"project":${JSON.stringify(project)},"summary":${JSON.stringify(summary)},"tests":[`);
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
 * Sends the report as a file. Its header and first rows are read before the
 * first byte, so errors up to there still get the JSON envelope; later ones cut
 * the connection. A client that goes away mid-file ends the rendering quietly.
 */
export async function sendRunReport(res: Response, report: RunReport, format: RunReportFormat): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', contentTypes[format]);
  res.setHeader('Content-Disposition', `attachment; filename="${reportFilename(report.run.runId, format)}"`);
  const write = format === 'json' ? writeJsonReport : format === 'html' ? writeHtmlReport : writePdfReport;
  // Renderers write into a plain stream piped to the response: the compression
  // middleware's response drops no 'drain' listener it was given, so waiting on
  // it write after write would pile them up.
  const body = new PassThrough();
  const sent = pipeline(body, res);
  // Awaited below; this only keeps a rejection that comes first (the client left mid-render) from being "unhandled".
  sent.catch(() => {});
  try {
    await write(report, body);
    await sent;
  } catch (err) {
    const clientLeft = res.destroyed;
    body.destroy();
    await sent.catch(() => {});
    if (clientLeft) return;
    throw err;
  }
}

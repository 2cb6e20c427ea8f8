import type { Response } from 'express';
import { reportFilename, type RunReport } from './run-report';
import { writeHtmlReport } from './run-report-html';
import { writePdfReport } from './run-report-pdf';
import { endStream } from './stream-writes';

export type RunReportFormat = 'json' | 'html' | 'pdf';

const contentTypes: Record<RunReportFormat, string> = {
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
};
export const RUN_REPORT_CONTENT_TYPES = Object.values(contentTypes).map((t) => t.split(';')[0]);

/**
 * Sends the report as a file. The model is complete before the first byte, so
 * every error up to here still gets the JSON envelope; later ones cut the connection.
 */
export async function sendRunReport(res: Response, report: RunReport, format: RunReportFormat): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', contentTypes[format]);
  res.setHeader('Content-Disposition', `attachment; filename="${reportFilename(report.run.runId, format)}"`);
  if (format === 'json') return endStream(res, JSON.stringify(report));
  if (format === 'html') return writeHtmlReport(report, res);
  return writePdfReport(report, res);
}

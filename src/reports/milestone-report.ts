import { Readable } from 'node:stream';
import type { RequestContext } from '../core/context';
import type { FileDownload } from '../core/download';
import { requireProject } from '../domain/access';
import { getMilestoneDetail } from '../domain/milestones/progress.service';
import { writeHtmlMilestoneReport } from './milestone-report-html';
import type { MilestoneReport } from './milestone-report-model';
import type * as MilestoneReportPdf from './milestone-report-pdf';
import type { RunReportFormat } from './run-report-download';
import { writtenBy } from './stream-writes';

// The milestone report: the milestone's detail (GET /milestone/detail) and its project, as JSON,
// an HTML page or a PDF drawn with the run report's pieces (summary chart and table, fonts, pages).
// It is small (a page of failed results at most), so it is built whole, unlike a run's.

// Lazy like the run report's PDF renderer (run-report-download.ts): pdfkit loads with the first PDF.
const writePdf: typeof MilestoneReportPdf.writePdfMilestoneReport = (report, out) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy on purpose (see above)
  (require('./milestone-report-pdf') as typeof MilestoneReportPdf).writePdfMilestoneReport(report, out);

const contentTypes: Record<RunReportFormat, string> = {
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
};
export const MILESTONE_REPORT_CONTENT_TYPES = Object.values(contentTypes).map((t) => t.split(';')[0]);

export async function openMilestoneReport(ctx: RequestContext, q: { projectId: number; milestoneId: number }): Promise<MilestoneReport> {
  const milestone = await getMilestoneDetail(ctx, q.projectId, q.milestoneId);
  const p = await requireProject(ctx, q.projectId);
  return {
    milestone,
    project: { projectId: p.projectId, orgId: p.orgId, projectName: p.projectName, projectDescription: p.projectDescription },
  };
}

export function milestoneReportDownload(report: MilestoneReport, format: RunReportFormat): FileDownload {
  const filename = `milestone-${report.milestone.milestoneId}-report.${format}`;
  if (format === 'json') return { contentType: contentTypes.json, filename, body: Readable.from([JSON.stringify(report)]) };
  const write = format === 'html' ? writeHtmlMilestoneReport : writePdf;
  return { contentType: contentTypes[format], filename, body: writtenBy((out) => write(report, out)) };
}

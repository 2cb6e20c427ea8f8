import { Readable } from 'node:stream';
import type { RequestContext } from '../core/context';
import type { FileDownload } from '../core/download';
import { requireProject } from '../domain/access';
import { getPlanDetail } from '../domain/plans/plan-detail.service';
import { writeHtmlPlanReport } from './plan-report-html';
import { REPORT_MATRIX_ROWS, type PlanReport } from './plan-report-model';
import type * as PlanReportPdf from './plan-report-pdf';
import type { RunReportFormat } from './run-report-download';
import { writtenBy } from './stream-writes';

// The plan report: the plan's detail (GET /plan/detail) with its matrix narrowed to the tests that
// failed or were blocked somewhere, and its project; as JSON, an HTML page or a PDF.

// Lazy like the run report's PDF renderer (run-report-download.ts): pdfkit loads with the first PDF.
const writePdf: typeof PlanReportPdf.writePdfPlanReport = (report, out) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy on purpose (see above)
  (require('./plan-report-pdf') as typeof PlanReportPdf).writePdfPlanReport(report, out);

const contentTypes: Record<RunReportFormat, string> = {
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
};
export const PLAN_REPORT_CONTENT_TYPES = Object.values(contentTypes).map((t) => t.split(';')[0]);

export async function openPlanReport(ctx: RequestContext, q: { projectId: number; planId: number }): Promise<PlanReport> {
  const plan = await getPlanDetail(ctx, { ...q, limit: REPORT_MATRIX_ROWS, offset: 0, onlyProblems: true });
  const p = await requireProject(ctx, q.projectId);
  return {
    plan,
    project: { projectId: p.projectId, orgId: p.orgId, projectName: p.projectName, projectDescription: p.projectDescription },
  };
}

export function planReportDownload(report: PlanReport, format: RunReportFormat): FileDownload {
  const filename = `plan-${report.plan.planId}-report.${format}`;
  if (format === 'json') return { contentType: contentTypes.json, filename, body: Readable.from([JSON.stringify(report)]) };
  const write = format === 'html' ? writeHtmlPlanReport : writePdf;
  return { contentType: contentTypes[format], filename, body: writtenBy((out) => write(report, out)) };
}

import type { Writable } from 'node:stream';
import { escapeHtml, htmlTable, REPORT_CSS, summarySection } from './run-report-html';
import { COUNT_TITLES, countCells } from './milestone-report-model';
import { ASSIGNEE_TITLES, assigneeCells, columnTitle, matrixTitle, planFacts, type PlanReport } from './plan-report-model';
import { endStream } from './stream-writes';

// The plan report as one self-contained HTML page: the run report's summary (chart and table),
// then its runs, its assignees, and the tests failed or blocked in some configuration.

export async function writeHtmlPlanReport(report: PlanReport, out: Writable): Promise<void> {
  const { plan: p, project } = report;
  const title = `Plan report: ${escapeHtml(p.name)}`;
  const runs = p.runs.map((r) => [
    String(r.runId),
    escapeHtml(r.runName),
    r.locked ? 'Locked' : 'Open',
    ...countCells(r.statusCounts, r.passRate),
  ]);
  const matrix = p.matrix.tests.map((t) => [
    String(t.testId),
    escapeHtml(t.title),
    ...t.statuses.map((s) => (s ? `<span class="status s-${s}">${s}</span>` : '–')),
  ]);
  const html =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${title}</title><style>${REPORT_CSS}</style></head><body>` +
    `<header><h1>${title}</h1>` +
    `<p class="meta">Project: ${escapeHtml(project.projectName)} · Plan #${p.planId}</p>` +
    (p.description ? `<p class="meta">${escapeHtml(p.description)}</p>` : '') +
    `<p class="meta">${escapeHtml(planFacts(p))}</p>` +
    `<p class="meta">Generated ${escapeHtml(new Date().toISOString().slice(0, 16).replace('T', ' '))} UTC</p></header>` +
    summarySection({ ...p.statusCounts, passRate: p.passRate }) +
    `<section><h2>Runs</h2>${htmlTable(['ID', 'Run', 'State', ...COUNT_TITLES], runs)}</section>` +
    (p.assignees.length
      ? `<section><h2>Assignees</h2>${htmlTable(
          ASSIGNEE_TITLES,
          p.assignees.map(assigneeCells).map((r) => r.map(escapeHtml)),
        )}</section>`
      : '') +
    `<section><h2>${escapeHtml(matrixTitle(p))}</h2>` +
    (matrix.length ? htmlTable(['ID', 'Title', ...p.configurations.map((c) => escapeHtml(columnTitle(c)))], matrix) : '') +
    `</section></body></html>`;
  await endStream(out, html);
}

import type { Writable } from 'node:stream';
import { percentOf } from './run-report';
import { escapeHtml, htmlTable as table, REPORT_CSS, summarySection } from './run-report-html';
import { COUNT_TITLES, countCells, factsText, stateText, type MilestoneReport } from './milestone-report-model';
import { endStream } from './stream-writes';

// The milestone report as one self-contained HTML page: the run report's summary (chart and
// table), then its sub-milestones, its runs and its failed results with their defects.

export async function writeHtmlMilestoneReport(report: MilestoneReport, out: Writable): Promise<void> {
  const { milestone: m, project } = report;
  const p = m.progress;
  const title = `Milestone report: ${escapeHtml(m.name)}`;
  const subs = m.subMilestones.map((s) => [
    escapeHtml(s.name),
    escapeHtml(stateText(s)),
    ...countCells(s.statusCounts, percentOf(s.statusCounts.passed, s.statusCounts.total)),
  ]);
  const names = new Map([[m.milestoneId, m.name], ...m.subMilestones.map((s) => [s.milestoneId, s.name] as const)]);
  const runs = p.runs.map((r) => [
    String(r.runId),
    escapeHtml(r.runName),
    escapeHtml(names.get(r.milestoneId)),
    r.locked ? 'Locked' : 'Open',
    ...countCells(r.statusCounts, r.passRate),
  ]);
  const failed = p.failedTests.map((f) => [
    escapeHtml(f.runName),
    String(f.testId),
    escapeHtml(f.title),
    `<span class="comment">${escapeHtml(f.comment)}</span>`,
    `<span class="defects">${f.defects
      .map((d) => (d.url ? `<a href="${escapeHtml(d.url)}" rel="noopener noreferrer">${escapeHtml(d.id)}</a>` : escapeHtml(d.id)))
      .join(' ')}</span>`,
  ]);
  const more = p.failedCount > p.failedTests.length ? `<p class="meta">The first ${p.failedTests.length} of ${p.failedCount}.</p>` : '';
  const html =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${title}</title><style>${REPORT_CSS}</style></head><body>` +
    `<header><h1>${title}</h1>` +
    `<p class="meta">Project: ${escapeHtml(project.projectName)} · Milestone #${m.milestoneId} · ${escapeHtml(stateText(m))}</p>` +
    (m.description ? `<p class="meta">${escapeHtml(m.description)}</p>` : '') +
    `<p class="meta">${factsText(p)}</p>` +
    `<p class="meta">Generated ${escapeHtml(new Date().toISOString().slice(0, 16).replace('T', ' '))} UTC</p></header>` +
    summarySection({ ...p.statusCounts, passRate: p.passRate }) +
    (subs.length ? `<section><h2>Sub-milestones</h2>${table(['Milestone', 'State', ...COUNT_TITLES], subs)}</section>` : '') +
    `<section><h2>Runs</h2>${runs.length ? table(['ID', 'Run', 'Milestone', 'State', ...COUNT_TITLES], runs) : '<p>No runs yet.</p>'}</section>` +
    `<section><h2>Failed tests</h2>${failed.length ? table(['Run', 'ID', 'Title', 'Comment', 'Defects'], failed) + more : '<p>No failed tests.</p>'}</section>` +
    `</body></html>`;
  await endStream(out, html);
}

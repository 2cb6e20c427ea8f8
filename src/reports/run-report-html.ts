import type { Writable } from 'node:stream';
import { TEST_STATUSES } from '../domain/runs/runs.schemas';
import {
  chartBars,
  failedStepText,
  formatElapsed,
  formatWhen,
  NO_SECTION,
  attachmentUrl,
  formatSize,
  isImage,
  rowsOf,
  showsEvidence,
  STATUS_COLORS,
  STATUS_LABELS,
  type RunReport,
  type RunReportRow,
  type SummaryFigures,
} from './run-report';
import type { StatusCounts } from '../domain/runs/runs.schemas';
import { endStream, writeChunk } from './stream-writes';

// A self-contained HTML page: inline CSS, the status chart as inline SVG, no
// external assets but the attachments of failed and blocked results, linked to
// their downloads on the server that wrote the page (thumbnails for images,
// which show their alt text, the file name, where the server cannot be reached
// with a session). Every piece of user text goes through escapeHtml. Written a
// batch of rows at a time as they are read, honouring backpressure, so a big run
// never sits in memory, as rows or as one string.

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string | number | null | undefined) => String(value ?? '').replace(/[&<>"']/g, (c) => entities[c]);

export const REPORT_CSS = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:2rem;color:#212121}
h1{margin:0 0 .25rem}h2{margin-top:2rem;border-bottom:1px solid #ddd}h3{margin:1.5rem 0 .5rem;font-size:1.05rem}
.meta{color:#555;margin:.2rem 0}table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}thead th{background:#f5f5f5}
table.summary{width:auto}table.summary td{text-align:right}.status{font-weight:600;white-space:nowrap}
${TEST_STATUSES.map((s) => `.s-${s}{color:${STATUS_COLORS[s]}}`).join('')}
.comment{white-space:pre-wrap}.step{font-weight:600;color:#b71c1c}.defects a{margin-right:.4em;white-space:nowrap}.when,.elapsed{white-space:nowrap}.chart{margin:1rem 0}
.files td{border-top:none}.files a{margin-right:.8em}.thumb img{max-width:160px;max-height:120px;border:1px solid #ccc;vertical-align:top}`;

function chartSvg(summary: StatusCounts): string {
  const [w, h, pad] = [500, 200, 30];
  const bars = chartBars(summary, w, h - 2 * pad);
  const parts = bars.map((b) => {
    const x = b.x.toFixed(1);
    const y = (pad + b.y).toFixed(1);
    const mid = (b.x + b.width / 2).toFixed(1);
    return (
      `<rect x="${x}" y="${y}" width="${b.width.toFixed(1)}" height="${b.height.toFixed(1)}" fill="${b.color}"><title>${b.label}: ${b.count}</title></rect>` +
      `<text x="${mid}" y="${(pad + b.y - 6).toFixed(1)}" text-anchor="middle" font-size="12">${b.count}</text>` +
      `<text x="${mid}" y="${h - 10}" text-anchor="middle" font-size="12">${b.label}</text>`
    );
  });
  return (
    `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="Tests by status">` +
    `<line x1="0" y1="${h - pad}" x2="${w}" y2="${h - pad}" stroke="#999"/>${parts.join('')}</svg>`
  );
}

/** A table of cells that are HTML already (escape text before). */
export const htmlTable = (titles: string[], rows: string[][]) =>
  `<table><thead><tr>${titles.map((t) => `<th>${t}</th>`).join('')}</tr></thead><tbody>${rows
    .map((cells) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;

/** The summary section: the status chart and the table of counts, shares, pass rate (and total time when given). */
export function summarySection(summary: SummaryFigures): string {
  const summaryRows = TEST_STATUSES.map(
    (s) =>
      `<tr data-status="${s}"><th class="status s-${s}">${STATUS_LABELS[s]}</th><td>${summary[s]}</td><td>${
        summary.total ? ((summary[s] / summary.total) * 100).toFixed(1) : '0.0'
      }%</td></tr>`,
  ).join('');
  return (
    `<section><h2>Summary</h2>${chartSvg(summary)}` +
    `<table class="summary"><thead><tr><th>Status</th><th>Tests</th><th>Share</th></tr></thead><tbody>${summaryRows}` +
    `<tr data-status="total"><th>Total</th><td>${summary.total}</td><td>100%</td></tr>` +
    `<tr data-status="passRate"><th>Pass rate</th><td colspan="2">${summary.passRate}%</td></tr>` +
    (summary.elapsedMs === undefined
      ? ''
      : `<tr data-status="elapsed"><th>Total time</th><td colspan="2">${formatElapsed(summary.elapsedMs)}</td></tr>`) +
    `</tbody></table></section>`
  );
}

function head(report: RunReport): string {
  const { run, project, summary } = report;
  const title = `Run report: ${escapeHtml(run.runName)}`;
  const lock = run.locked ? `Locked ${escapeHtml(formatWhen(run.lockedAt))}` : 'Not locked';
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${title}</title><style>${REPORT_CSS}</style></head><body>` +
    `<header><h1>${title}</h1>` +
    `<p class="meta">Project: ${escapeHtml(project.projectName)} · Run #${run.runId} · Created ${escapeHtml(formatWhen(run.createdAt))} · ${lock}</p>` +
    (run.runDescription ? `<p class="meta">${escapeHtml(run.runDescription)}</p>` : '') +
    `<p class="meta">Generated ${escapeHtml(formatWhen(new Date()))}</p></header>` +
    summarySection(summary) +
    `<section><h2>Tests</h2>`
  );
}

const COLUMNS = ['ID', 'Title', 'Priority', 'Squad', 'Status', 'Comment', 'Defects', 'Time', 'By', 'When'];
const TABLE_HEAD = `<table><thead><tr>${COLUMNS.map((c) => `<th>${c}</th>`).join('')}</tr></thead><tbody>`;

/** A result's defects: links where the id has one (only http(s) URLs are ever stored or made), else the text. */
const defectsCell = (r: RunReportRow) =>
  r.defects
    .map((d) =>
      d.url ? `<a href="${escapeHtml(d.url)}" rel="noopener noreferrer">${escapeHtml(d.id)}</a>` : `<span>${escapeHtml(d.id)}</span>`,
    )
    .join(' ');

/** A failed or blocked result's files, on a line of their own under it: images as thumbnails, the rest by name. */
function filesRow(r: RunReportRow, projectId: number): string {
  // Pictures first, then the rest, each in upload order.
  const files = [...r.attachments.filter(isImage), ...r.attachments.filter((a) => !isImage(a))];
  const links = files.map((a) => {
    const href = escapeHtml(attachmentUrl(projectId, a));
    const name = escapeHtml(a.fileName);
    return isImage(a)
      ? `<a class="thumb" href="${href}" title="${name}"><img src="${href}" alt="${name}" loading="lazy"></a>`
      : `<a href="${href}">${name}</a> <span class="meta">(${formatSize(a.size)})</span>`;
  });
  return `<tr class="files"><td></td><td colspan="${COLUMNS.length - 1}">Attachments: ${links.join(' ')}</td></tr>`;
}

/** A failed result's failing step, on a line of its own above its comment. */
function stepLine(r: RunReportRow): string {
  const text = failedStepText(r);
  return text ? `<div class="step">${escapeHtml(text)}</div>` : '';
}

function row(r: RunReportRow, projectId: number): string {
  return (
    `<tr><td>${r.testId}</td><td>${escapeHtml(r.title)}</td><td>${escapeHtml(r.priority)}</td><td>${escapeHtml(r.squad)}</td>` +
    `<td class="status s-${r.status}">${STATUS_LABELS[r.status]}</td><td class="comment">${stepLine(r)}${escapeHtml(r.comment)}</td>` +
    `<td class="defects">${defectsCell(r)}</td>` +
    `<td class="elapsed">${formatElapsed(r.elapsedMs)}</td>` +
    `<td>${escapeHtml(r.updatedBy)}</td><td class="when">${formatWhen(r.updatedAt)}</td></tr>` +
    (showsEvidence(r) ? filesRow(r, projectId) : '')
  );
}

/** Writes the page to `out` and ends it. */
export async function writeHtmlReport(report: RunReport, out: Writable): Promise<void> {
  await writeChunk(out, head(report));
  if (report.summary.total === 0) await writeChunk(out, '<p>This run has no tests.</p>');
  // Rows come ordered by section: a new path closes the table and opens the next.
  let section: string | null | undefined;
  for await (const batch of report.batches) {
    let html = '';
    for (const r of rowsOf(batch)) {
      if (r.sectionPath !== section) {
        if (section !== undefined) html += '</tbody></table>';
        html += `<h3>${escapeHtml(r.sectionPath ?? NO_SECTION)}</h3>${TABLE_HEAD}`;
        section = r.sectionPath;
      }
      html += row(r, report.project.projectId);
    }
    await writeChunk(out, html);
  }
  await endStream(out, `${section !== undefined ? '</tbody></table>' : ''}</section></body></html>`);
}

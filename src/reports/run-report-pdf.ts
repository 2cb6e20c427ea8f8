import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import { TEST_STATUSES } from '../domain/runs/runs.schemas';
import {
  chartBars, formatWhen, NO_SECTION, rowsOf, STATUS_COLORS, STATUS_LABELS, type RunReport, type RunReportRow,
} from './run-report';
import { drained, endStream } from './stream-writes';

// The PDF report, streamed with pdfkit: page 1 holds the title block, the status
// chart and the summary; then the tests, one line each, grouped by section, with
// the table header repeated on every page. Rows are read a batch at a time,
// pages are flushed as they fill (bufferPages off), the event loop gets a turn
// after each page, and a slow client pauses rendering, so memory stays flat
// whatever the run's size.

const PAGE = { size: 'A4', layout: 'landscape' as const, margin: 36 };
const WIDTH = 841.89;
const HEIGHT = 595.28;
const LEFT = PAGE.margin;
const TOP = PAGE.margin;
const ROW_HEIGHT = 14;
const HEADER_HEIGHT = 18;
const FONT_SIZE = 8;

/** Lines (rows and section headings) on each page of the tests table. */
export const LINES_PER_PAGE = 34;

const COLUMNS: { title: string; width: number; cell: (r: RunReportRow) => string }[] = [
  { title: 'ID', width: 40, cell: (r) => String(r.testId) },
  { title: 'Title', width: 200, cell: (r) => r.title },
  { title: 'Priority', width: 50, cell: (r) => r.priority ?? '' },
  { title: 'Squad', width: 65, cell: (r) => r.squad ?? '' },
  { title: 'Status', width: 45, cell: (r) => STATUS_LABELS[r.status] },
  { title: 'Comment', width: 180, cell: (r) => r.comment ?? '' },
  { title: 'By', width: 95, cell: (r) => r.updatedBy ?? '' },
  { title: 'When', width: 95, cell: (r) => formatWhen(r.updatedAt) },
];
const TABLE_WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);
const CELL_PAD = 3;

type Line = { kind: 'section'; path: string; continued: boolean } | { kind: 'row'; row: RunReportRow };

/**
 * Cuts the tests table, fed row by row in section order, into pages of
 * LINES_PER_PAGE lines. A section heading never ends a page, and a section that
 * goes on over a page break repeats its heading, marked as continued.
 */
export class TablePager {
  private page: Line[] = [];
  private section: string | null | undefined;

  /** Adds a row; answers the page it completed, if any. */
  push(row: RunReportRow): Line[] | undefined {
    let full: Line[] | undefined;
    const path = row.sectionPath ?? NO_SECTION;
    if (row.sectionPath !== this.section) {
      if (this.page.length + 2 > LINES_PER_PAGE) full = this.take();
      this.page.push({ kind: 'section', path, continued: false });
      this.section = row.sectionPath;
    } else if (this.page.length >= LINES_PER_PAGE) {
      full = this.take();
      this.page.push({ kind: 'section', path, continued: true });
    }
    this.page.push({ kind: 'row', row });
    return full;
  }

  /** The last page, if it holds anything. */
  finish(): Line[] | undefined {
    return this.page.length ? this.take() : undefined;
  }

  private take(): Line[] {
    const page = this.page;
    this.page = [];
    return page;
  }
}

/** The pages of a whole table at once. */
export function* tablePages(rows: Iterable<RunReportRow>): Generator<Line[]> {
  const pager = new TablePager();
  for (const row of rows) {
    const page = pager.push(row);
    if (page) yield page;
  }
  const last = pager.finish();
  if (last) yield last;
}

// The standard PDF fonts speak WinAnsi: other characters become '?' rather than garbage.
const outsideWinAnsi = /[^\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2020\u2021\u2022\u2026\u2030\u20ac\u2122]/g;
const printable = (text: string) => text.replace(/\s+/g, ' ').replace(outsideWinAnsi, '?');

// Widths of single characters at size 1 per font, measured once: fitting a cell
// by summing them costs a fraction of pdfkit's widthOfString (kerning lookups).
const charWidths = new Map<string, Map<string, number>>();
function charWidth(doc: PDFKit.PDFDocument, font: string, ch: string): number {
  let widths = charWidths.get(font);
  if (!widths) charWidths.set(font, (widths = new Map()));
  let w = widths.get(ch);
  if (w === undefined) {
    w = doc.widthOfString(ch) / FONT_SIZE_OF(doc);
    widths.set(ch, w);
  }
  return w;
}
const FONT_SIZE_OF = (doc: PDFKit.PDFDocument) => (doc as unknown as { _fontSize: number })._fontSize;

/** The text cut (with an ellipsis) to fit `width` in `font` at the current size, which the caller has set. */
function fit(doc: PDFKit.PDFDocument, font: string, raw: string, width: number): string {
  const text = printable(raw);
  const size = FONT_SIZE_OF(doc);
  // No glyph of Helvetica is wider than 1 em: short strings need no measuring.
  if (text.length * size <= width) return text;
  const ellipsis = charWidth(doc, font, '…') * size;
  let used = 0;
  let cut = 0;
  for (let i = 0; i < text.length; i++) {
    used += charWidth(doc, font, text[i]) * size;
    if (used + ellipsis <= width) cut = i + 1;
    if (used > width) return `${text.slice(0, cut)}…`;
  }
  return text;
}

function titleBlock(doc: PDFKit.PDFDocument, report: RunReport): void {
  const { run, project } = report;
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#212121')
    .text(printable(`Run report: ${run.runName}`), LEFT, TOP, { width: WIDTH - 2 * LEFT, height: 44, ellipsis: true });
  doc.font('Helvetica').fontSize(10).fillColor('#555555');
  const lock = run.locked ? `Locked ${formatWhen(run.lockedAt)}` : 'Not locked';
  doc.text(printable(`Project: ${project.projectName} · Run #${run.runId} · Created ${formatWhen(run.createdAt)} · ${lock}`),
    LEFT, doc.y + 4, { width: WIDTH - 2 * LEFT, height: 14, ellipsis: true });
  if (run.runDescription) {
    doc.text(printable(run.runDescription), LEFT, doc.y + 4, { width: WIDTH - 2 * LEFT, height: 60, ellipsis: true });
  }
  doc.text(`Generated ${formatWhen(new Date())}`, LEFT, doc.y + 4, { lineBreak: false });
}

function summaryBlock(doc: PDFKit.PDFDocument, report: RunReport, top: number): void {
  const { summary } = report;
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#212121').text('Summary', LEFT, top, { lineBreak: false });
  // The chart: same geometry as the HTML page's.
  const [cx, cy, cw, ch] = [LEFT, top + 44, 380, 150];
  doc.fontSize(10);
  for (const bar of chartBars(summary, cw, ch)) {
    if (bar.height > 0) doc.rect(cx + bar.x, cy + bar.y, bar.width, bar.height).fill(bar.color);
    doc.font('Helvetica').fillColor('#212121');
    doc.text(String(bar.count), cx + bar.x, cy + bar.y - 14, { width: bar.width, align: 'center', lineBreak: false });
    doc.text(bar.label, cx + bar.x - 10, cy + ch + 6, { width: bar.width + 20, align: 'center', lineBreak: false });
  }
  doc.moveTo(cx, cy + ch).lineTo(cx + cw, cy + ch).strokeColor('#999999').lineWidth(1).stroke();
  // The table.
  const tx = LEFT + cw + 60;
  let y = top + 30;
  const line = (label: string, count: string, share: string, color = '#212121', bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fillColor(color).text(label, tx, y, { lineBreak: false });
    doc.fillColor('#212121').text(count, tx + 110, y, { width: 60, align: 'right', lineBreak: false });
    doc.text(share, tx + 180, y, { width: 70, align: 'right', lineBreak: false });
    y += 18;
  };
  doc.fontSize(11);
  line('Status', 'Tests', 'Share', '#212121', true);
  for (const s of TEST_STATUSES) {
    line(STATUS_LABELS[s], String(summary[s]), `${summary.total ? ((summary[s] / summary.total) * 100).toFixed(1) : '0.0'}%`, STATUS_COLORS[s], true);
  }
  line('Total', String(summary.total), '100%', '#212121', true);
  line('Pass rate', '', `${summary.passRate}%`, '#212121', true);
}

function tableHeader(doc: PDFKit.PDFDocument): number {
  doc.rect(LEFT, TOP, TABLE_WIDTH, HEADER_HEIGHT).fill('#eeeeee');
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor('#212121');
  let x = LEFT;
  for (const col of COLUMNS) {
    doc.text(col.title, x + CELL_PAD, TOP + 5, { lineBreak: false });
    x += col.width;
  }
  return TOP + HEADER_HEIGHT;
}

const TEXT_COLOR = '#212121';

function tableLine(doc: PDFKit.PDFDocument, line: Line, y: number): void {
  if (line.kind === 'section') {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE + 1).fillColor(TEXT_COLOR);
    const heading = line.continued ? `${line.path} (continued)` : line.path;
    doc.text(fit(doc, 'Helvetica-Bold', heading, TABLE_WIDTH - 2 * CELL_PAD), LEFT + CELL_PAD, y + 3, { lineBreak: false });
    return;
  }
  doc.font('Helvetica').fontSize(FONT_SIZE).fillColor(TEXT_COLOR);
  let x = LEFT;
  for (const col of COLUMNS) {
    const text = fit(doc, 'Helvetica', col.cell(line.row), col.width - 2 * CELL_PAD);
    if (col.title === 'Status') {
      doc.fillColor(STATUS_COLORS[line.row.status]).text(text, x + CELL_PAD, y + 3, { lineBreak: false }).fillColor(TEXT_COLOR);
    } else {
      doc.text(text, x + CELL_PAD, y + 3, { lineBreak: false });
    }
    x += col.width;
  }
}

/** Thin rules under the rows of a page, stroked as one path. */
function rowRules(doc: PDFKit.PDFDocument, top: number, count: number): void {
  for (let i = 1; i <= count; i++) doc.moveTo(LEFT, top + i * ROW_HEIGHT).lineTo(LEFT + TABLE_WIDTH, top + i * ROW_HEIGHT);
  doc.strokeColor('#e0e0e0').lineWidth(0.5).stroke();
}

function footer(doc: PDFKit.PDFDocument, report: RunReport, pageNo: number): void {
  doc.font('Helvetica').fontSize(7).fillColor('#777777')
    .text(printable(`${report.run.runName} · Run #${report.run.runId} · page ${pageNo}`), LEFT, HEIGHT - PAGE.margin + 10, { lineBreak: false });
}

/** Renders the report to `out` and ends it. */
export async function writePdfReport(report: RunReport, out: Writable): Promise<void> {
  const doc = new PDFDocument({
    size: PAGE.size, layout: PAGE.layout, margin: PAGE.margin, bufferPages: false,
    info: { Title: printable(`Run report: ${report.run.runName}`), Creator: 'Casebook' },
  });
  // Pushed straight to `out`, so a slow client shows as a full socket buffer (waited on below).
  let failure: Error | undefined;
  doc.on('data', (chunk: Buffer) => {
    if (!out.destroyed) out.write(chunk);
  });
  doc.on('error', (err: Error) => {
    failure = err;
  });
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));

  let pageNo = 1;
  titleBlock(doc, report);
  summaryBlock(doc, report, doc.y + 24);
  if (report.summary.total === 0) {
    doc.font('Helvetica').fontSize(11).fillColor('#212121').text('This run has no tests.', LEFT, 330, { lineBreak: false });
  }
  footer(doc, report, pageNo);

  const drawPage = async (lines: Line[]) => {
    doc.addPage(PAGE);
    pageNo++;
    const top = tableHeader(doc);
    lines.forEach((line, i) => tableLine(doc, line, top + i * ROW_HEIGHT));
    rowRules(doc, top, lines.length);
    footer(doc, report, pageNo);
    if (failure) throw failure;
    if (out.writableNeedDrain) await drained(out);
    await nextTurn();
  };
  const pager = new TablePager();
  for await (const batch of report.batches) {
    for (const row of rowsOf(batch)) {
      const page = pager.push(row);
      if (page) await drawPage(page);
    }
  }
  const last = pager.finish();
  if (last) await drawPage(last);
  doc.end();
  await ended;
  if (failure) throw failure;
  await endStream(out);
}

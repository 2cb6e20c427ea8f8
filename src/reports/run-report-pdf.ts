import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import { TEST_STATUSES } from '../domain/runs/runs.schemas';
import {
  chartBars,
  formatElapsed,
  formatWhen,
  NO_SECTION,
  rowsOf,
  failedStepText,
  showsEvidence,
  STATUS_COLORS,
  STATUS_LABELS,
  type RunReport,
  type RunReportRow,
  type SummaryFigures,
} from './run-report';
import { drained, endStream } from './stream-writes';
import { clean, drawRuns, fitRuns, prepareTexts, runsOf, useFont, wrapRuns } from './pdf-text';
import type { Weight } from './pdf-fonts';

// The PDF report, streamed with pdfkit: page 1 holds the title block, the status
// chart and the summary; then the tests, one line each, grouped by section, with
// the table header repeated on every page. Rows are read a batch at a time,
// pages are flushed as they fill (bufferPages off), the event loop gets a turn
// after each page, and a slow client pauses rendering, so memory stays flat
// whatever the run's size.

export const PAGE = { size: 'A4', layout: 'landscape' as const, margin: 36 };
export const WIDTH = 841.89;
export const HEIGHT = 595.28;
export const LEFT = PAGE.margin;
export const TOP = PAGE.margin;
const ROW_HEIGHT = 14;
const HEADER_HEIGHT = 18;
const FONT_SIZE = 8;

/** Lines (rows and section headings) on each page of the tests table. */
export const LINES_PER_PAGE = 34;

const COLUMNS: { title: string; width: number; cell: (r: RunReportRow) => string }[] = [
  { title: 'ID', width: 40, cell: (r) => String(r.testId) },
  { title: 'Title', width: 160, cell: (r) => r.title },
  { title: 'Priority', width: 45, cell: (r) => r.priority ?? '' },
  { title: 'Squad', width: 55, cell: (r) => r.squad ?? '' },
  { title: 'Status', width: 45, cell: (r) => STATUS_LABELS[r.status] },
  // The comment keeps the width it had before the defects column came: it says why a test failed.
  { title: 'Comment', width: 150, cell: (r) => r.comment ?? '' },
  { title: 'Defects', width: 75, cell: (r) => r.defects.map((d) => d.id).join(', ') },
  { title: 'Time', width: 40, cell: (r) => formatElapsed(r.elapsedMs) },
  { title: 'By', width: 65, cell: (r) => r.updatedBy ?? '' },
  { title: 'When', width: 95, cell: (r) => formatWhen(r.updatedAt) },
];
const TABLE_WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);
const CELL_PAD = 3;

type Line =
  | { kind: 'section'; path: string; continued: boolean }
  | { kind: 'row'; row: RunReportRow }
  // The names of a failed or blocked result's attachments, on a line under it.
  | { kind: 'files'; row: RunReportRow }
  // A failed result's failing step, on a line under it.
  | { kind: 'step'; row: RunReportRow };

const linesOf = (row: RunReportRow): Line[] => [
  { kind: 'row', row },
  ...(row.failedStep ? [{ kind: 'step' as const, row }] : []),
  ...(showsEvidence(row) ? [{ kind: 'files' as const, row }] : []),
];
const filesText = (row: RunReportRow) => `Attachments: ${row.attachments.map((a) => a.fileName).join(', ')}`;
/** The text of a line under a row. */
const noteText = (item: Extract<Line, { kind: 'files' | 'step' }>) =>
  item.kind === 'files' ? filesText(item.row) : failedStepText(item.row)!;

/**
 * Cuts the tests table, fed row by row in section order, into pages of
 * LINES_PER_PAGE lines. A section heading never ends a page, a row and the
 * lines under it (failing step, files) stay together, and a section that goes on over a page break
 * repeats its heading, marked as continued.
 */
export class TablePager {
  private page: Line[] = [];
  private section: string | null | undefined;

  /** Adds a row; answers the page it completed, if any. */
  push(row: RunReportRow): Line[] | undefined {
    let full: Line[] | undefined;
    const path = row.sectionPath ?? NO_SECTION;
    const lines = linesOf(row);
    if (row.sectionPath !== this.section) {
      if (this.page.length + 1 + lines.length > LINES_PER_PAGE) full = this.take();
      this.page.push({ kind: 'section', path, continued: false });
      this.section = row.sectionPath;
    } else if (this.page.length + lines.length > LINES_PER_PAGE) {
      full = this.take();
      this.page.push({ kind: 'section', path, continued: true });
    }
    this.page.push(...lines);
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

/** One line of text cut with an ellipsis to fit `width`, drawn from (x, y). */
export function line(doc: PDFKit.PDFDocument, text: string, weight: Weight, size: number, x: number, y: number, width: number): void {
  drawRuns(doc, fitRuns(runsOf(text, weight), size, width, weight), x, y, size);
}

/** Text wrapped to at most `maxLines` lines from (x, y); returns the y under it. */
export function paragraph(doc: PDFKit.PDFDocument, text: string, weight: Weight, size: number, y: number, maxLines: number): number {
  const lineHeight = size * 1.25;
  for (const runs of wrapRuns(text, weight, size, WIDTH - 2 * LEFT, maxLines)) {
    drawRuns(doc, runs, LEFT, y, size);
    y += lineHeight;
  }
  return y;
}

/** Every text of the report's first page. */
const firstPageTexts = ({ run, project }: RunReport) => [
  run.runName,
  `Run report: ${run.runName}`,
  project.projectName,
  run.runDescription,
];

/** The title block; returns the y under it. */
function titleBlock(doc: PDFKit.PDFDocument, report: RunReport): number {
  const { run, project } = report;
  doc.fillColor('#212121');
  let y = paragraph(doc, `Run report: ${run.runName}`, 700, 18, TOP, 2);
  doc.fillColor('#555555');
  const lock = run.locked ? `Locked ${formatWhen(run.lockedAt)}` : 'Not locked';
  y = paragraph(
    doc,
    `Project: ${project.projectName} · Run #${run.runId} · Created ${formatWhen(run.createdAt)} · ${lock}`,
    400,
    10,
    y + 4,
    1,
  );
  if (run.runDescription) y = paragraph(doc, run.runDescription, 400, 10, y + 4, 4);
  return paragraph(doc, `Generated ${formatWhen(new Date())}`, 400, 10, y + 4, 1);
}

/** The summary: the status chart and the table of counts, shares, pass rate (and total time when given). */
export function summaryBlock(doc: PDFKit.PDFDocument, summary: SummaryFigures, top: number): void {
  useFont(doc, 700, 14).fillColor('#212121').text('Summary', LEFT, top, { lineBreak: false });
  // The chart: same geometry as the HTML page's.
  const [cx, cy, cw, ch] = [LEFT, top + 44, 380, 150];
  for (const bar of chartBars(summary, cw, ch)) {
    if (bar.height > 0) doc.rect(cx + bar.x, cy + bar.y, bar.width, bar.height).fill(bar.color);
    useFont(doc, 400, 10).fillColor('#212121');
    doc.text(String(bar.count), cx + bar.x, cy + bar.y - 14, { width: bar.width, align: 'center', lineBreak: false });
    doc.text(bar.label, cx + bar.x - 10, cy + ch + 6, { width: bar.width + 20, align: 'center', lineBreak: false });
  }
  doc
    .moveTo(cx, cy + ch)
    .lineTo(cx + cw, cy + ch)
    .strokeColor('#999999')
    .lineWidth(1)
    .stroke();
  // The table.
  const tx = LEFT + cw + 60;
  let y = top + 30;
  const line = (label: string, count: string, share: string, color = '#212121', bold = false) => {
    useFont(doc, bold ? 700 : 400, 11)
      .fillColor(color)
      .text(label, tx, y, { lineBreak: false });
    doc.fillColor('#212121').text(count, tx + 110, y, { width: 60, align: 'right', lineBreak: false });
    doc.text(share, tx + 180, y, { width: 70, align: 'right', lineBreak: false });
    y += 18;
  };
  line('Status', 'Tests', 'Share', '#212121', true);
  for (const s of TEST_STATUSES) {
    line(
      STATUS_LABELS[s],
      String(summary[s]),
      `${summary.total ? ((summary[s] / summary.total) * 100).toFixed(1) : '0.0'}%`,
      STATUS_COLORS[s],
      true,
    );
  }
  line('Total', String(summary.total), '100%', '#212121', true);
  line('Pass rate', '', `${summary.passRate}%`, '#212121', true);
  if (summary.elapsedMs !== undefined) line('Total time', '', formatElapsed(summary.elapsedMs), '#212121', true);
}

function tableHeader(doc: PDFKit.PDFDocument): number {
  doc.rect(LEFT, TOP, TABLE_WIDTH, HEADER_HEIGHT).fill('#eeeeee');
  useFont(doc, 700, FONT_SIZE).fillColor('#212121');
  let x = LEFT;
  for (const col of COLUMNS) {
    doc.text(col.title, x + CELL_PAD, TOP + 5, { lineBreak: false });
    x += col.width;
  }
  return TOP + HEADER_HEIGHT;
}

const TEXT_COLOR = '#212121';

function tableLine(doc: PDFKit.PDFDocument, item: Line, y: number): void {
  doc.fillColor(TEXT_COLOR);
  if (item.kind === 'section') {
    const heading = item.continued ? `${item.path} (continued)` : item.path;
    line(doc, heading, 700, FONT_SIZE + 1, LEFT + CELL_PAD, y + 3, TABLE_WIDTH - 2 * CELL_PAD);
    return;
  }
  if (item.kind === 'files' || item.kind === 'step') {
    // Under the row, from its title to the table's end.
    const x = LEFT + COLUMNS[0].width;
    doc.fillColor(item.kind === 'step' ? STATUS_COLORS.failed : '#555555');
    line(doc, noteText(item), 400, FONT_SIZE, x + CELL_PAD, y + 3, TABLE_WIDTH - COLUMNS[0].width - 2 * CELL_PAD);
    doc.fillColor(TEXT_COLOR);
    return;
  }
  let x = LEFT;
  for (const col of COLUMNS) {
    if (col.title === 'Status') doc.fillColor(STATUS_COLORS[item.row.status]);
    line(doc, col.cell(item.row), 400, FONT_SIZE, x + CELL_PAD, y + 3, col.width - 2 * CELL_PAD);
    if (col.title === 'Status') doc.fillColor(TEXT_COLOR);
    x += col.width;
  }
}

/** Every text of a page of the table, by weight. */
function pageTexts(lines: Line[]): { 400: string[]; 700: string[] } {
  const texts = { 400: [] as string[], 700: [] as string[] };
  for (const item of lines) {
    if (item.kind === 'section') texts[700].push(item.path);
    else if (item.kind === 'files' || item.kind === 'step') texts[400].push(noteText(item));
    else for (const col of COLUMNS) texts[400].push(col.cell(item.row));
  }
  return texts;
}

/** Thin rules under the rows of a page (none between a row and its files), stroked as one path. */
function rowRules(doc: PDFKit.PDFDocument, top: number, lines: Line[]): void {
  for (let i = 1; i <= lines.length; i++) {
    if (lines[i]?.kind === 'files' || lines[i]?.kind === 'step') continue;
    doc.moveTo(LEFT, top + i * ROW_HEIGHT).lineTo(LEFT + TABLE_WIDTH, top + i * ROW_HEIGHT);
  }
  doc.strokeColor('#e0e0e0').lineWidth(0.5).stroke();
}

function footer(doc: PDFKit.PDFDocument, report: RunReport, pageNo: number): void {
  doc.fillColor('#777777');
  line(doc, `${report.run.runName} · Run #${report.run.runId} · page ${pageNo}`, 400, 7, LEFT, HEIGHT - PAGE.margin + 10, WIDTH - 2 * LEFT);
}

/** A page drawer's way to wait: for a slow client and for the event loop, failing if the document did. */
export type PageBreak = () => Promise<void>;

/**
 * Streams a landscape A4 document titled `title` to `out` and ends it: `draw` draws its pages,
 * calling the PageBreak it gets after each, so a slow client pauses it and memory stays flat.
 */
export async function renderPdf(
  out: Writable,
  title: string,
  draw: (doc: PDFKit.PDFDocument, pageDone: PageBreak) => Promise<void>,
): Promise<void> {
  const doc = new PDFDocument({
    size: PAGE.size,
    layout: PAGE.layout,
    margin: PAGE.margin,
    bufferPages: false,
    info: { Title: clean(title), Creator: 'Casebook' },
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
  await draw(doc, async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await drained(out);
    await nextTurn();
  });
  doc.end();
  await ended;
  if (failure) throw failure;
  await endStream(out);
}

/** Renders the report to `out` and ends it. */
export async function writePdfReport(report: RunReport, out: Writable): Promise<void> {
  await renderPdf(out, `Run report: ${report.run.runName}`, async (doc, pageDone) => {
    let pageNo = 1;
    await prepareTexts(firstPageTexts(report), 400);
    await prepareTexts(firstPageTexts(report), 700);
    summaryBlock(doc, report.summary, titleBlock(doc, report) + 24);
    if (report.summary.total === 0) {
      useFont(doc, 400, 11).fillColor('#212121').text('This run has no tests.', LEFT, 330, { lineBreak: false });
    }
    footer(doc, report, pageNo);

    const drawPage = async (lines: Line[]) => {
      const texts = pageTexts(lines);
      await prepareTexts(texts[400], 400);
      await prepareTexts(texts[700], 700);
      doc.addPage(PAGE);
      pageNo++;
      const top = tableHeader(doc);
      lines.forEach((item, i) => tableLine(doc, item, top + i * ROW_HEIGHT));
      rowRules(doc, top, lines);
      footer(doc, report, pageNo);
      await pageDone();
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
  });
}

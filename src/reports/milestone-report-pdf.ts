import type { Writable } from 'node:stream';
import { percentOf, STATUS_COLORS } from './run-report';
import { HEIGHT, LEFT, line, PAGE, paragraph, renderPdf, summaryBlock, TOP, WIDTH, type PageBreak } from './run-report-pdf';
import { prepareTexts, useFont } from './pdf-text';
import { COUNT_TITLES, countCells, factsText, stateText, type MilestoneReport } from './milestone-report-model';

// The milestone report as a PDF, drawn with the run report's pieces: page 1 is the title block
// with the summary (chart and table); then its sub-milestones, runs and failed results as
// tables, a line each, their header repeated on every page they run over.

const ROW = 14;
const SIZE = 8;
const PAD = 3;
const BOTTOM = HEIGHT - PAGE.margin - 10;

interface Table {
  title: string;
  columns: { title: string; width: number }[];
  rows: string[][];
  /** The column drawn in the failed color. */
  accent?: number;
}

const counts = COUNT_TITLES.map((title) => ({ title, width: 48 }));

function tablesOf({ milestone: m }: MilestoneReport): Table[] {
  const names = new Map([[m.milestoneId, m.name], ...m.subMilestones.map((s) => [s.milestoneId, s.name] as const)]);
  const p = m.progress;
  const tables: Table[] = [];
  if (m.subMilestones.length)
    tables.push({
      title: 'Sub-milestones',
      columns: [{ title: 'Milestone', width: 190 }, { title: 'State', width: 243 }, ...counts],
      rows: m.subMilestones.map((s) => [
        s.name,
        stateText(s),
        ...countCells(s.statusCounts, percentOf(s.statusCounts.passed, s.statusCounts.total)),
      ]),
    });
  tables.push({
    title: 'Runs',
    columns: [
      { title: 'ID', width: 40 },
      { title: 'Run', width: 216 },
      { title: 'Milestone', width: 130 },
      { title: 'State', width: 47 },
      ...counts,
    ],
    rows: p.runs.map((r) => [
      String(r.runId),
      r.runName,
      names.get(r.milestoneId) ?? '',
      r.locked ? 'Locked' : 'Open',
      ...countCells(r.statusCounts, r.passRate),
    ]),
  });
  tables.push({
    title: p.failedCount > p.failedTests.length ? `Failed tests (the first ${p.failedTests.length} of ${p.failedCount})` : 'Failed tests',
    columns: [
      { title: 'Run', width: 150 },
      { title: 'ID', width: 40 },
      { title: 'Title', width: 220 },
      { title: 'Comment', width: 200 },
      { title: 'Defects', width: 159 },
    ],
    rows: p.failedTests.map((f) => [f.runName, String(f.testId), f.title, f.comment ?? '', f.defects.map((d) => d.id).join(', ')]),
    accent: 2,
  });
  return tables;
}

function header(doc: PDFKit.PDFDocument, t: Table, y: number): number {
  const width = t.columns.reduce((sum, c) => sum + c.width, 0);
  doc.rect(LEFT, y, width, ROW + 4).fill('#eeeeee');
  let x = LEFT;
  doc.fillColor('#212121');
  for (const c of t.columns) {
    line(doc, c.title, 700, SIZE, x + PAD, y + 5, c.width - 2 * PAD);
    x += c.width;
  }
  return y + ROW + 4;
}

/** Draws the tables from `top` on, over as many pages as they take. */
async function drawTables(
  doc: PDFKit.PDFDocument,
  report: MilestoneReport,
  top: number,
  pageDone: PageBreak,
  footer: () => void,
): Promise<void> {
  const tables = tablesOf(report);
  await prepareTexts(
    tables.flatMap((t) => [t.title, ...t.columns.map((c) => c.title)]),
    700,
  );
  await prepareTexts(
    tables.flatMap((t) => t.rows.flat()),
    400,
  );
  let y = top;
  const newPage = async () => {
    await pageDone();
    doc.addPage(PAGE);
    footer();
    y = TOP;
  };
  for (const t of tables) {
    // A table starts where its title, header and two rows fit.
    if (y + 28 + ROW + 4 + 2 * ROW > BOTTOM) await newPage();
    useFont(doc, 700, 12).fillColor('#212121');
    line(doc, t.title, 700, 12, LEFT, y + 8, WIDTH - 2 * LEFT);
    y = header(doc, t, y + 28);
    if (!t.rows.length) {
      line(doc, 'None.', 400, SIZE, LEFT + PAD, y + 3, 200);
      y += ROW;
    }
    for (const row of t.rows) {
      if (y + ROW > BOTTOM) {
        await newPage();
        y = header(doc, t, y);
      }
      let x = LEFT;
      row.forEach((cell, i) => {
        doc.fillColor(i === t.accent ? STATUS_COLORS.failed : '#212121');
        line(doc, cell, 400, SIZE, x + PAD, y + 3, t.columns[i].width - 2 * PAD);
        x += t.columns[i].width;
      });
      y += ROW;
      doc.moveTo(LEFT, y).lineTo(x, y).strokeColor('#e0e0e0').lineWidth(0.5).stroke();
    }
    y += ROW;
  }
}

export async function writePdfMilestoneReport(report: MilestoneReport, out: Writable): Promise<void> {
  const { milestone: m, project } = report;
  const title = `Milestone report: ${m.name}`;
  await renderPdf(out, title, async (doc, pageDone) => {
    let pageNo = 0;
    const footer = () => {
      pageNo++;
      doc.fillColor('#777777');
      line(doc, `${m.name} · Milestone #${m.milestoneId} · page ${pageNo}`, 400, 7, LEFT, HEIGHT - PAGE.margin + 10, WIDTH - 2 * LEFT);
    };
    const p = m.progress;
    const facts = factsText(p);
    const meta = `Project: ${project.projectName} · Milestone #${m.milestoneId} · ${stateText(m)}`;
    await prepareTexts([meta, facts, m.description], 400);
    await prepareTexts([title], 700);
    doc.fillColor('#212121');
    let y = paragraph(doc, title, 700, 18, TOP, 2);
    doc.fillColor(m.overdue ? STATUS_COLORS.failed : '#555555');
    y = paragraph(doc, meta, 400, 10, y + 4, 1);
    doc.fillColor('#555555');
    if (m.description) y = paragraph(doc, m.description, 400, 10, y + 4, 3);
    y = paragraph(doc, facts, 400, 10, y + 4, 1);
    summaryBlock(doc, { ...p.statusCounts, passRate: p.passRate }, y + 20);
    footer();
    // Under the summary's chart (its labels end 200 points below its top).
    await drawTables(doc, report, y + 20 + 220, pageDone, footer);
  });
}

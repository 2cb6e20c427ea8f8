import type { Writable } from 'node:stream';
import { STATUS_COLORS } from './run-report';
import { HEIGHT, LEFT, line, PAGE, paragraph, renderPdf, summaryBlock, TOP, WIDTH } from './run-report-pdf';
import { prepareTexts } from './pdf-text';
import { drawTables, type Table } from './pdf-tables';
import { COUNT_TITLES, countCells } from './milestone-report-model';
import { ASSIGNEE_TITLES, assigneeCells, columnTitle, matrixTitle, planFacts, type PlanReport } from './plan-report-model';

// The plan report as a PDF, drawn with the run report's pieces: page 1 is the title block with
// the summary (chart and table); then its runs, assignees and problem tests as tables.

const counts = COUNT_TITLES.map((title) => ({ title, width: 48 }));
/** The matrix's width beside its ID and Title columns, shared by the configurations. */
const MATRIX_WIDTH = WIDTH - 2 * LEFT - 40 - 200;

function tablesOf({ plan: p }: PlanReport): Table[] {
  const tables: Table[] = [
    {
      title: 'Runs',
      columns: [{ title: 'ID', width: 40 }, { title: 'Run', width: 346 }, { title: 'State', width: 47 }, ...counts],
      rows: p.runs.map((r) => [String(r.runId), r.runName, r.locked ? 'Locked' : 'Open', ...countCells(r.statusCounts, r.passRate)]),
    },
  ];
  if (p.assignees.length)
    tables.push({
      title: 'Assignees',
      columns: ASSIGNEE_TITLES.map((title, i) => ({ title, width: i ? 60 : 200 })),
      rows: p.assignees.map(assigneeCells),
    });
  const width = Math.max(40, Math.floor(MATRIX_WIDTH / Math.max(1, p.configurations.length)));
  tables.push({
    title: matrixTitle(p),
    columns: [
      { title: 'ID', width: 40 },
      { title: 'Title', width: 200 },
      ...p.configurations.map((c) => ({ title: columnTitle(c), width })),
    ],
    rows: p.matrix.tests.map((t) => [String(t.testId), t.title, ...t.statuses.map((s) => s ?? '–')]),
  });
  return tables;
}

export async function writePdfPlanReport(report: PlanReport, out: Writable): Promise<void> {
  const { plan: p, project } = report;
  const title = `Plan report: ${p.name}`;
  await renderPdf(out, title, async (doc, pageDone) => {
    let pageNo = 0;
    const footer = () => {
      pageNo++;
      doc.fillColor('#777777');
      line(doc, `${p.name} · Plan #${p.planId} · page ${pageNo}`, 400, 7, LEFT, HEIGHT - PAGE.margin + 10, WIDTH - 2 * LEFT);
    };
    const facts = planFacts(p);
    const meta = `Project: ${project.projectName} · Plan #${p.planId}`;
    await prepareTexts([meta, facts, p.description], 400);
    await prepareTexts([title], 700);
    doc.fillColor('#212121');
    let y = paragraph(doc, title, 700, 18, TOP, 2);
    doc.fillColor('#555555');
    y = paragraph(doc, meta, 400, 10, y + 4, 1);
    if (p.description) y = paragraph(doc, p.description, 400, 10, y + 4, 3);
    doc.fillColor(p.statusCounts.failed ? STATUS_COLORS.failed : '#555555');
    y = paragraph(doc, facts, 400, 10, y + 4, 1);
    summaryBlock(doc, { ...p.statusCounts, passRate: p.passRate }, y + 20);
    footer();
    // Under the summary's chart (its labels end 200 points below its top).
    await drawTables(doc, tablesOf(report), y + 20 + 220, pageDone, footer);
  });
}

import type { Writable } from 'node:stream';
import { percentOf, STATUS_COLORS } from './run-report';
import { HEIGHT, LEFT, line, PAGE, paragraph, renderPdf, summaryBlock, TOP, WIDTH } from './run-report-pdf';
import { prepareTexts } from './pdf-text';
import { drawTables, type Table } from './pdf-tables';
import { COUNT_TITLES, countCells, factsText, stateText, type MilestoneReport } from './milestone-report-model';

// The milestone report as a PDF, drawn with the run report's pieces: page 1 is the title block
// with the summary (chart and table); then its sub-milestones, runs and failed results as
// tables (pdf-tables.ts).

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
    await drawTables(doc, tablesOf(report), y + 20 + 220, pageDone, footer);
  });
}

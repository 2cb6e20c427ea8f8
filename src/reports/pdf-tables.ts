import { STATUS_COLORS } from './run-report';
import { HEIGHT, LEFT, line, PAGE, TOP, WIDTH, type PageBreak } from './run-report-pdf';
import { prepareTexts, useFont } from './pdf-text';

// Tables of a PDF report (the milestone's and the plan's): a title, a header row repeated on
// every page the table runs over, and a line per row, each cell cut to its column.

const ROW = 14;
const SIZE = 8;
const PAD = 3;
const BOTTOM = HEIGHT - PAGE.margin - 10;

export interface Table {
  title: string;
  columns: { title: string; width: number }[];
  rows: string[][];
  /** The column drawn in the failed color. */
  accent?: number;
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
export async function drawTables(
  doc: PDFKit.PDFDocument,
  tables: Table[],
  top: number,
  pageDone: PageBreak,
  footer: () => void,
): Promise<void> {
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

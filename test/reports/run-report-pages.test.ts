import { LINES_PER_PAGE, tablePages } from '../../src/reports/run-report-pdf';
import type { RunReportRow } from '../../src/reports/run-report';

// Pagination of the PDF's tests table, on its own: no database needed.

const rowsIn = (sizes: [string | null, number][]): RunReportRow[] => {
  let id = 0;
  return sizes.flatMap(([sectionPath, n]) =>
    Array.from({ length: n }, () => ({
      testId: ++id,
      title: `t${id}`,
      sectionId: null,
      sectionPath,
      priority: null,
      squad: null,
      status: 'untested' as const,
      comment: null,
      elapsedMs: null,
      defects: [],
      updatedBy: null,
      updatedAt: new Date(0),
    })),
  );
};

describe('tablePages', () => {
  it('fills pages, never ends one on a heading, and repeats a heading across a break', () => {
    const rows = rowsIn([
      [null, LINES_PER_PAGE - 2],
      ['A', 3],
      ['A > B', 1],
      ['C', 70],
    ]);
    const pages = [...tablePages(rows)];
    for (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(LINES_PER_PAGE);
      expect(page[page.length - 1].kind).toBe('row');
      expect(page[0].kind).toBe('section');
    }
    // Page 1: 'No section' + its rows fill LINES_PER_PAGE - 1 lines; 'A' would end the page, so it moves on.
    expect(pages[0]).toHaveLength(LINES_PER_PAGE - 1);
    expect(pages[1][0]).toEqual({ kind: 'section', path: 'A', continued: false });
    const headings = pages
      .flat()
      .filter((l) => l.kind === 'section')
      .map((l) => l.kind === 'section' && `${l.path}${l.continued ? ' (continued)' : ''}`);
    expect(headings).toEqual(['No section', 'A', 'A > B', 'C', 'C (continued)', 'C (continued)']);
    const ids = pages.flat().flatMap((l) => (l.kind === 'row' ? [l.row.testId] : []));
    expect(ids).toEqual(rows.map((r) => r.testId));
  });

  it('makes no table page for an empty run', () => {
    expect([...tablePages([])]).toEqual([]);
  });
});

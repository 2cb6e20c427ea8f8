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
      failedStep: null,
      attachments: [],
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

  it("keeps a failed or blocked result's files line under it, on the same page; other results get none", () => {
    const file = { attachmentId: 1, fileName: 'shot.png', contentType: 'image/png', size: 10 };
    const rows = rowsIn([[null, 3 * LINES_PER_PAGE]]).map((r, i) => ({
      ...r,
      status: (['failed', 'blocked', 'passed'] as const)[i % 3],
      attachments: [file],
    }));
    const pages = [...tablePages(rows)];
    for (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(LINES_PER_PAGE);
      page.forEach((l, i) => {
        if (l.kind === 'files') expect(page[i - 1]).toEqual({ kind: 'row', row: l.row });
      });
      expect(page[0].kind).toBe('section');
    }
    const lines = pages.flat();
    const filesOf = lines.flatMap((l) => (l.kind === 'files' ? [l.row.status] : []));
    expect(filesOf).toHaveLength(2 * LINES_PER_PAGE);
    expect(new Set(filesOf)).toEqual(new Set(['failed', 'blocked']));
    // A page that a row and its files would overflow ends a line short rather than split them.
    expect(pages.some((page) => page.length === LINES_PER_PAGE - 1)).toBe(true);
    expect(lines.flatMap((l) => (l.kind === 'row' ? [l.row.testId] : []))).toEqual(rows.map((r) => r.testId));
  });

  it('makes no table page for an empty run', () => {
    expect([...tablePages([])]).toEqual([]);
  });
});

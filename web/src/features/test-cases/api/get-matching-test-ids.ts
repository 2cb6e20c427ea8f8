import { api, unwrap } from '../../../lib/api';
import { testsQuery, type TestFilters } from './get-tests';

/** The most tests "select all that match" takes: a run holds at most 50,000 (MAX_RUN_TESTS). */
export const MAX_SELECT_ALL = 50_000;
const PAGE = 1000; // the API's largest page

/**
 * The ids of every test matching the filters, fetched a page of 1000 at a time (never the whole
 * catalog in one answer). Refuses above MAX_SELECT_ALL rather than silently taking part of it.
 */
export async function getMatchingTestIds(projectId: number, filters: TestFilters, onProgress?: (done: number, total: number) => void) {
  const ids: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await unwrap(api.GET('/api/v1/project/tests', { params: { query: testsQuery(projectId, filters, PAGE, offset) } }));
    if (page.total > MAX_SELECT_ALL) throw new Error(`${page.total} tests match: narrow the filters to at most ${MAX_SELECT_ALL}`);
    ids.push(...page.tests.map((t) => t.testId));
    onProgress?.(ids.length, page.total);
    if (page.tests.length < PAGE || ids.length >= page.total) return ids;
  }
}

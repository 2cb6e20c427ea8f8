import { api, unwrap } from '../../../lib/api';
import { chunk } from '../bulk-edit';
import { testsQuery, type TestFilters, type TestRow } from './get-tests';

/**
 * How many ids one request names (GET /project/tests?testIds= takes up to 1000): 500 keeps the
 * URL of even 10-digit ids near 5 KB, well inside what servers and proxies accept.
 */
export const IDS_PER_REQUEST = 500;

/**
 * The current records of the given tests that match `filters` (all of them, deleted ones aside,
 * without filters), read IDS_PER_REQUEST at a time: the values a bulk edit compares and undoes.
 */
export async function readSelectedTests(
  projectId: number,
  testIds: number[],
  filters: TestFilters,
  onProgress?: (done: number, of: number) => void,
): Promise<TestRow[]> {
  const rows: TestRow[] = [];
  const chunks = chunk(
    [...testIds].sort((a, b) => a - b),
    IDS_PER_REQUEST,
  );
  let done = 0;
  for (const ids of chunks) {
    const query = { ...testsQuery(projectId, filters, IDS_PER_REQUEST, 0), testIds: ids.join(',') };
    const page = await unwrap(api.GET('/api/v1/project/tests', { params: { query } }));
    rows.push(...page.tests);
    done += ids.length;
    onProgress?.(done, testIds.length);
  }
  return rows;
}

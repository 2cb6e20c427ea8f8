import type { CsvRow } from './read-csv';
import type { ResolvedColumns } from './resolve-columns';
import { sectionNames, type SuitePaths } from './plan-import';

// Qase names a test's suite and the suite's parent by id; a parent's name is on the rows of its own
// tests, which may come later in the file. So a Qase file is read twice: once here for its suites
// (only their ids and names are kept), then to plan its tests with their suites' full paths.

/** Each suite's path: the chain of named suites up to the root. */
export async function collectSuitePaths(rows: AsyncIterable<CsvRow>, columns: ResolvedColumns): Promise<SuitePaths> {
  const suites = new Map<string, { name: string; parent: string }>();
  const cell = (cells: string[], field: string) => (cells[columns.index.get(field) ?? -1] ?? '').trim();
  for await (const { cells } of rows) {
    const suiteId = cell(cells, 'suiteId');
    const path = sectionNames(cell(cells, 'section'));
    if (suiteId && path.length === 1) suites.set(suiteId, { name: path[0], parent: cell(cells, 'suiteParentId') });
  }
  return (id) => {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at: string | undefined = id; at && suites.has(at) && !seen.has(at); at = suites.get(at)!.parent) {
      seen.add(at);
      names.unshift(suites.get(at)!.name);
    }
    return names;
  };
}

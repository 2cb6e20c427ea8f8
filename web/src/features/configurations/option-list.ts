// The option lists of the Configurations page, without React: typed in as text, edited as rows.

/** Options typed one a line or separated by commas: trimmed, blanks dropped, in order. */
export function parseOptions(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((o) => o.trim())
    .filter((o) => o !== '');
}

/** The first name repeated in a list, compared case-insensitively as the server does; undefined when none is. */
export function repeatedName(names: string[]): string | undefined {
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) return name.trim();
    seen.add(key);
  }
  return undefined;
}

/** An option being edited: one the group has (optionId) or a new one; `key` tells rows apart while they move. */
export interface OptionRow {
  key: string;
  optionId?: number;
  name: string;
}

/** The list with row `index` moved `by` places (-1: up, 1: down); unchanged at either end. */
export function moveRow<T>(rows: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= rows.length) return rows;
  const next = [...rows];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** The edit's body for the options: every row in order, kept ones by id, names trimmed. */
export const optionsBody = (rows: OptionRow[]) =>
  rows.map((r) => (r.optionId === undefined ? { name: r.name.trim() } : { optionId: r.optionId, name: r.name.trim() }));

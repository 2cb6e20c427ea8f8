// How a JUnit testcase names the Casebook tests it covers, and its duration.
//
// Ids come from testcase properties named casebook_id or test_id (value "12", "C12" or a
// comma list "12, C13"), then from two tokens in the testcase name:
//   "[C123]" anywhere ("[C1, C2]" names two), and
//   "C123_" at the start of the name or right after a separator: whitespace or one of _ . / : - ( > ›
//   (so "C123_login", "test_C45_login", "TestLogin/C21_valid", "Suite › C7_works" all carry an id;
//   "TestC12_login" and "ABC12_x" do not, as the C there is part of a word).
// Only an upper-case C counts, and only ids 1..2147483647; anything else is left in the title.

const MAX_ID = 2147483647;
const BRACKET_TOKEN = /\[\s*(C\d+(?:\s*,\s*C\d+)*)\s*\]/g;
const PREFIX_TOKEN = /(?<=^|[\s_./:()>›-])C(\d+)_/g;

function toId(digits: string): number | null {
  const n = Number(digits);
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}

function pushUnique(ids: number[], id: number | null): void {
  if (id !== null && !ids.includes(id)) ids.push(id);
}

/** Ids in a property value: "12", "C12", "12, 13"; other items are ignored. */
export function idsFromPropertyValue(value: string, into: number[] = []): number[] {
  for (const item of value.split(',')) {
    const m = /^C?(\d+)$/i.exec(item.trim());
    if (m) pushUnique(into, toId(m[1]));
  }
  return into;
}

export function isIdProperty(name: string): boolean {
  const n = name.trim().toLowerCase();
  return n === 'casebook_id' || n === 'test_id';
}

/** Adds the ids named in `name` to `ids` (in order of appearance) and returns the title left without them. */
export function idsAndTitleFromName(name: string, ids: number[]): string {
  // Both token kinds are found on the original name; they cannot overlap (a bracket token holds no "_").
  const spans: { start: number; end: number; ids: number[]; gap: string }[] = [];
  for (const m of name.matchAll(BRACKET_TOKEN)) {
    const found = m[1].split(',').map((t) => toId(t.trim().slice(1)));
    if (found.every((id) => id !== null)) spans.push({ start: m.index, end: m.index + m[0].length, ids: found, gap: ' ' });
  }
  for (const m of name.matchAll(PREFIX_TOKEN)) {
    const id = toId(m[1]);
    if (id !== null) spans.push({ start: m.index, end: m.index + m[0].length, ids: [id], gap: '' });
  }
  spans.sort((a, b) => a.start - b.start);
  let title = '';
  let at = 0;
  for (const span of spans) {
    for (const id of span.ids) pushUnique(ids, id);
    title += name.slice(at, span.start) + span.gap;
    at = span.end;
  }
  title = (title + name.slice(at)).replace(/\s+/g, ' ').trim();
  return title || name.trim();
}

/**
 * Seconds as written by producers ("0.012", "3", "1E-07", "2.5e+1", "1,234.5" from locale-formatting
 * Surefire versions) to whole milliseconds, rounded. Junk, negatives and values beyond an int4 column give null.
 */
export function parseElapsedMs(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const s = raw.trim();
  if (!/^(?:(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(s)) return null;
  const ms = Math.round(Number(s.replace(/,/g, '')) * 1000);
  return Number.isFinite(ms) && ms <= MAX_ID ? ms : null;
}

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from '../core/zod-messages';
import { buildUrl, type RestRequest, type RestResponse } from './http-client';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '../http/answer-meta';
import { project, viewOf } from './projection';
import { limit as limitText, offset as offsetText, type ToolSpec } from './tool-spec';

// Answers that fit an assistant's context: one line of JSON, at most ANSWER_BUDGET
// characters (Claude Code cuts a tool result at 25,000 tokens). Lists come a page at
// a time and say where the next page starts; a page over the budget is cut at a row
// boundary and says so; long text in list rows is shortened with a marker naming
// the tool that has it whole; downloads answer a summary and the REST call that
// fetches the whole file.

/** Characters of one answer: 20,000 tokens at about 4 characters a token. */
export const ANSWER_BUDGET = 80_000;
/** Rows of a page when the call gives no limit: 50 test rows stay near 30,000 characters. */
export const DEFAULT_LIMIT = 50;
/** Characters a text field keeps in a list row; the details tools give it whole. */
export const LIST_TEXT_MAX = 300;
/** Rows a download's summary shows. */
export const FIRST_ROWS = 10;

/** A slice of a list the tool pages itself, its route answering the whole list. */
export interface Window {
  limit: number;
  offset: number;
}

/**
 * A GET answering a bare array (labels, sections, histories...) is paged by the
 * tool: it gains limit and offset parameters, which stay with the tool.
 */
export function pagedLocally(spec: ToolSpec): ToolSpec {
  if (spec.method !== 'GET' || spec.paged || spec.download || !(spec.route.response instanceof z.ZodArray)) return spec;
  return {
    ...spec,
    input: {
      ...spec.input,
      limit: z.number().int().min(1).max(1000).optional().describe(limitText),
      offset: z.number().int().min(0).optional().describe(offsetText),
    },
    paged: 'local',
  };
}

/**
 * The call's REST arguments (the default page size filled in), the window of a list the tool pages
 * itself, and the row fields asked for (src/mcp/projection.ts), which stay with the tool.
 */
export function pagingArgs(
  spec: ToolSpec,
  { fields, ...args }: Record<string, unknown>,
): { rest: Record<string, unknown>; window?: Window; fields?: unknown } {
  const view = fields === undefined ? {} : { fields };
  if (spec.paged === 'limit-offset' || spec.paged === 'headers') return { rest: { ...args, limit: args.limit ?? DEFAULT_LIMIT }, ...view };
  if (spec.paged !== 'local') return { rest: args, ...view };
  const { limit, offset, ...rest } = args;
  return {
    rest,
    window: { limit: typeof limit === 'number' ? limit : DEFAULT_LIMIT, offset: typeof offset === 'number' ? offset : 0 },
    ...view,
  };
}

// Where a list row's text is whole, by list tool and field.
const wholeTextIn: Record<string, (field: string) => string | undefined> = {
  'get-tests': () => 'get-test-details',
  'get-run-tests-list': (f) => (f === 'comment' ? 'get-test-status-history-in-run' : 'get-test-details'),
  'get-run-test-status': (f) => (f === 'comment' ? 'get-test-status-history-in-run' : 'get-test-details'),
  'get-test-status-history': (f) => (f === 'comment' ? 'get-test-status-history-in-run' : 'run-detail'),
  'get-runs': () => 'run-detail',
  'get-projects': () => 'get-project-detail',
  'get-orgs-list': () => 'get-org-details',
  'get-all-users': () => 'get-user-details',
};
/** Lists whose rows are the whole text themselves (the place the markers above point to). */
const wholeRows = new Set(['get-test-status-history-in-run']);

/**
 * The text of a tool's answer: a page of a list with its paging, or the data, within the budget.
 * A list's rows show the `fields` asked for, or the tool's compact view (src/mcp/projection.ts).
 */
export function answerText(spec: ToolSpec, data: unknown, window?: Window, budget = ANSWER_BUDGET, fields?: unknown): string {
  const page = spec.paged === 'local' && Array.isArray(data) ? localPage(data, window ?? { limit: DEFAULT_LIMIT, offset: 0 }) : data;
  const list = spec.paged ? listIn(page) : undefined;
  if (!list) return fitValue(data, budget);
  const shown = viewOf(spec, fields);
  const projected = list.rows.map((row) => project(row, shown.fields));
  const where = wholeRows.has(spec.name) ? undefined : (wholeTextIn[spec.name] ?? (() => undefined));
  // A compact view cuts its text shorter, with a shorter marker: its fields parameter says how to see more.
  const rows =
    shown.text !== undefined
      ? projected.map((row) => shorten(row, shown.text!, () => undefined))
      : where
        ? projected.map((row) => shorten(row, LIST_TEXT_MAX, where))
        : projected;
  return fitPage(list.page, list.key, rows, spec.paged === 'page' ? 'page' : 'offset', budget);
}

function localPage(all: unknown[], { limit, offset }: Window): Record<string, unknown> {
  return { items: all.slice(offset, offset + limit), total: all.length, limit, offset };
}

/**
 * A page REST answered as a bare array (a route with pageMeta), as a page of the
 * tool: its rows under `items`, the total and next cursor its headers gave, the
 * cursor it was asked from. A server that sent no total answered the whole list:
 * the tool pages it as it does the lists REST gives whole.
 */
export function headerPage(rows: unknown, headers: Headers, args: Record<string, unknown>): unknown {
  if (!Array.isArray(rows)) return rows;
  const limit = typeof args.limit === 'number' ? args.limit : DEFAULT_LIMIT;
  const offset = typeof args.offset === 'number' ? args.offset : 0;
  const total = headers.get(TOTAL_COUNT_HEADER);
  if (total === null || !/^\d+$/.test(total)) return localPage(rows, { limit, offset });
  const nextCursor = headers.get(NEXT_CURSOR_HEADER);
  return {
    items: rows,
    total: Number(total),
    limit,
    offset,
    ...(typeof args.cursor === 'string' ? { cursor: args.cursor } : {}),
    ...(nextCursor ? { nextCursor } : {}),
  };
}

/**
 * A page REST answered in its envelope, with the cursor it was asked from: REST
 * does not echo it, and a page from a cursor counts its offset (or page) from there.
 */
export function fromCursor(page: unknown, args: Record<string, unknown>): unknown {
  if (typeof args.cursor !== 'string' || !page || typeof page !== 'object' || Array.isArray(page)) return page;
  return { ...page, cursor: args.cursor };
}

/** The rows of a page: its first array, beside a total. */
function listIn(page: unknown): { page: Record<string, unknown>; key: string; rows: unknown[] } | undefined {
  if (!page || typeof page !== 'object' || Array.isArray(page)) return undefined;
  const fields = page as Record<string, unknown>;
  const key = Object.keys(fields).find((k) => Array.isArray(fields[k]));
  if (!key || !Number.isFinite(Number(fields.total))) return undefined;
  return { page: fields, key, rows: fields[key] as unknown[] };
}

/**
 * The page with `returned`, `hasMore` and where the next page starts; over the
 * budget, the most rows that fit, with `truncated` and a note saying how to go on.
 * A page asked for from a cursor counts its offset from there, so whether more
 * follow is REST's nextCursor, not the total. A page cut short drops REST's
 * nextCursor, which would skip the rows cut: its nextOffset goes on.
 */
function fitPage(answered: Record<string, unknown>, key: string, rows: unknown[], kind: 'page' | 'offset', budget: number): string {
  const total = Number(answered.total);
  const { nextCursor, ...page } = answered;
  const start = kind === 'page' ? (Number(page.page) - 1) * Number(page.pageSize) : Number(page.offset);
  const build = (shown: unknown[], cut: boolean) => {
    const seen = start + shown.length;
    const rest = shown.length < rows.length;
    const more = page.cursor === undefined ? seen < total : rest || nextCursor !== undefined;
    const next: Next = !more
      ? {}
      : kind === 'offset'
        ? { nextOffset: seen }
        : cut
          ? pageAfter(seen, shown.length)
          : { nextPage: Number(page.page) + 1 };
    const note = cut ? { truncated: true, note: cutNote(shown.length, rows.length, kind, next, budget, page.cursor !== undefined) } : {};
    const cursor = !rest && nextCursor !== undefined ? { nextCursor } : {};
    return JSON.stringify({ ...page, [key]: shown, returned: shown.length, hasMore: more, ...next, ...cursor, ...note });
  };
  const whole = build(rows, false);
  if (whole.length <= budget) return whole;

  // The most rows that fit: sizes added up, then the note's own digits settled.
  let size = build([], true).length;
  let n = 0;
  while (n < rows.length && size + JSON.stringify(rows[n]).length + 1 <= budget) size += JSON.stringify(rows[n++]).length + 1;
  while (n > 0 && build(rows.slice(0, n), true).length > budget) n--;
  if (n > 0) return build(rows.slice(0, n), true);
  // One row alone is over the budget: it comes with its longest fields cut.
  const room = budget - build([], true).length - 200;
  return build([capStrings(rows[0], (v) => JSON.stringify(v).length <= room) ?? rows[0]], true);
}

/** Where the next page starts: an offset, or a page (with the page size that makes it start right after this one). */
type Next = { nextOffset?: number; nextPage?: number; nextPageSize?: number };

/** The page a `page`/`pageSize` list goes on at, row `seen` onwards: the largest page size dividing it. */
function pageAfter(seen: number, shown: number): { nextPage: number; nextPageSize: number } {
  let size = Math.max(1, shown);
  while (seen % size !== 0) size--;
  return { nextPage: seen / size + 1, nextPageSize: size };
}

function cutNote(shown: number, of: number, kind: 'page' | 'offset', next: Next, budget: number, fromCursor: boolean): string {
  const why = `Cut after ${shown} of the ${of} rows of this page to keep the answer under ${budget} characters (about ${budget / 4} tokens)`;
  if (next.nextOffset !== undefined) {
    const same = fromCursor ? ' and the same cursor' : '';
    return `${why}; call again with offset=${next.nextOffset}${same} for the rest (limit=${shown} pages without cuts).`;
  }
  if (kind === 'page' && next.nextPage !== undefined) {
    const same = fromCursor ? ' and the same cursor' : '';
    return `${why}; call again with page=${next.nextPage} and pageSize=${next.nextPageSize}${same} for the rest (pageSize=${shown} pages without cuts).`;
  }
  return `${why}.`;
}

/** Strings over `max` characters, at any depth, cut to `max` with a marker naming where the whole text is. */
export function shorten(value: unknown, max: number, where: (field: string) => string | undefined, field = ''): unknown {
  if (typeof value === 'string') return value.length > max ? cut(value, max, where(field)) : value;
  if (Array.isArray(value)) return value.map((v) => shorten(v, max, where, field));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v, max, where, k)]));
}

function cut(text: string, keep: number, tool: string | undefined): string {
  // Not between the halves of a surrogate pair.
  const at = keep > 0 && /[\uD800-\uDBFF]/.test(text[keep - 1]) ? keep - 1 : keep;
  const rest = text.length - at;
  return `${text.slice(0, at)}…[+${rest} chars${tool ? `; ${tool} has the full text` : ''}]`;
}

/**
 * The value within the budget. A single record over it (rare: a test's text is at
 * most about 42,000 characters) keeps its structure with its longest strings cut
 * and says so; anything else over it is cut as text.
 */
export function fitValue(value: unknown, budget = ANSWER_BUDGET): string {
  const text = JSON.stringify(value) ?? 'null';
  if (text.length <= budget) return text;
  const note = `The answer was ${text.length} characters, over the ${budget} an answer may have: its longest text fields are cut (…[+N chars]).`;
  const wrap = (v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...v, truncated: true, note } : { data: v, truncated: true, note };
  const capped = capStrings(value, (v) => JSON.stringify(wrap(v)).length <= budget);
  if (capped !== undefined) return JSON.stringify(wrap(capped));
  const room = budget - 400;
  return JSON.stringify({
    truncated: true,
    note: `The answer was ${text.length} characters, over the ${budget} an answer may have; here are its first ${room} characters as text.`,
    text: text.slice(0, room),
  });
}

/** The value with its strings capped at the largest length that `fits`; undefined when even empty strings do not fit. */
function capStrings(value: unknown, fits: (v: unknown) => boolean): unknown {
  const capAt = (max: number) => shorten(value, max, () => undefined);
  if (!fits(capAt(0))) return undefined;
  let lo = 0;
  let hi = longestString(value);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(capAt(mid))) lo = mid;
    else hi = mid - 1;
  }
  return capAt(lo);
}

function longestString(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value === null || typeof value !== 'object') return 0;
  return Math.max(0, ...Object.values(value).map(longestString));
}

// Downloads

/**
 * A download's summary: its size and counts, the first rows, and the REST call
 * that fetches the whole file (URL with the query, and the Authorization header).
 * Undefined for a JSON download that is not JSON.
 */
export function downloadText(res: RestResponse, req: RestRequest, format: string, publicUrl: string): string | undefined {
  // A JSON download is parsed once, here: a whole project's tests are megabytes, and their objects several times that.
  const data = format === 'json' ? parseJson(res.body) : undefined;
  if (format === 'json' && data === undefined) return undefined;
  const contentType = res.headers.get('content-type') ?? 'application/octet-stream';
  const filename = attachmentName(res.headers.get('content-disposition')) ?? `download.${format}`;
  const url = buildUrl(publicUrl, req);
  const summary: Record<string, unknown> = { format, filename, contentType, bytes: res.body.length, ...contents(res.body, format, data) };
  summary.fetch = {
    method: 'GET',
    url,
    headers: { Authorization: 'Bearer <your Casebook API token>' },
    curl: `curl -fsS -H "Authorization: Bearer $CASEBOOK_TOKEN" -o '${filename.replace(/'/g, '')}' '${url}'`,
  };
  summary.note =
    `A summary, not the file: fetch the whole ${format} (${res.body.length} bytes) with the REST call in fetch. ` +
    'The list tools (get-tests, get-run-tests-list) page through the same rows.';
  return fitValue(summary);
}

/** Images an assistant can be shown (MCP image content). */
const SHOWN_IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * A stored file (an attachment) as a tool answer: an image within the budget as image content
 * (its base64 counted), plain text as text cut to the budget with a note, anything else (and an
 * image too large to show) as its name, type and size with the REST call that fetches it.
 */
export function storedFileAnswer(res: RestResponse, req: RestRequest, publicUrl: string): CallToolResult {
  const contentType = res.headers.get('content-type') ?? 'application/octet-stream';
  const mimeType = contentType.split(';')[0].trim();
  const filename = attachmentName(res.headers.get('content-disposition')) ?? 'attachment';
  const url = buildUrl(publicUrl, req);
  const about = { filename, contentType, bytes: res.body.length };
  const fetch = {
    method: 'GET',
    url,
    headers: { Authorization: 'Bearer <your Casebook API token>' },
    curl: `curl -fsS -H "Authorization: Bearer $CASEBOOK_TOKEN" -o '${filename.replace(/'/g, '')}' '${url}'`,
  };
  const text = (value: unknown) => ({ type: 'text' as const, text: fitValue(value) });
  if (SHOWN_IMAGES.includes(mimeType)) {
    const data = res.body.toString('base64');
    if (data.length + 1000 <= ANSWER_BUDGET) return { content: [text(about), { type: 'image', data, mimeType }] };
    return {
      content: [
        text({
          ...about,
          fetch,
          note: `The image is too large to show here (${data.length} characters of base64, over ${ANSWER_BUDGET}): fetch it with the REST call in fetch.`,
        }),
      ],
    };
  }
  if (mimeType === 'text/plain') {
    const whole = res.body.toString('utf8');
    const room = ANSWER_BUDGET - 2000;
    if (whole.length <= room) return { content: [text({ ...about, text: whole })] };
    return {
      content: [
        text({
          ...about,
          text: whole.slice(0, room),
          truncated: true,
          fetch,
          note: `The first ${room} of ${whole.length} characters; fetch the whole file with the REST call in fetch.`,
        }),
      ],
    };
  }
  return { content: [text({ ...about, fetch, note: 'Not an image or text: fetch the file with the REST call in fetch.' })] };
}

const firstRows = (rows: unknown[]) => rows.slice(0, FIRST_ROWS).map((row) => shorten(row, LIST_TEXT_MAX, () => undefined));

/** What a download holds (`data`: the JSON one parsed): counts and first rows of JSON and CSV, the report's summary; nothing of HTML or PDF. */
function contents(body: Buffer, format: string, data: unknown): Record<string, unknown> {
  if (format === 'csv') {
    const [header, ...records] = csvRecords(body.toString('utf8'));
    return {
      count: records.length,
      header: header ?? '',
      first: records.slice(0, FIRST_ROWS).map((r) => shorten(r, LIST_TEXT_MAX, () => undefined)),
    };
  }
  if (format !== 'json') return {};
  if (Array.isArray(data)) return { count: data.length, first: firstRows(data) };
  if (data && typeof data === 'object' && Array.isArray((data as { tests?: unknown }).tests)) {
    // The run report: run, project and summary whole, the tests counted.
    const { tests, ...report } = data as { tests: unknown[] };
    return { ...report, count: tests.length, first: firstRows(tests) };
  }
  return {};
}

/** The records of a CSV text, as lines (a quoted field may hold line breaks). */
export function csvRecords(text: string): string[] {
  const records: string[] = [];
  let quoted = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\n' && !quoted) {
      records.push(text.slice(from, i).replace(/\r$/, ''));
      from = i + 1;
    }
  }
  if (from < text.length) records.push(text.slice(from).replace(/\r$/, ''));
  return records;
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** filename*= (RFC 5987) first, then filename="...". */
function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"|filename\s*=\s*([^;]+)/.exec(header);
  return plain ? (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1').trim() : undefined;
}

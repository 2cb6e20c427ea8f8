import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { parse, CsvError } from 'csv-parse';
import { AppError } from '../../core/errors';

// Step 1 of a CSV import. Before the handler, the file is staged as it arrives: checked as UTF-8
// and kept gzip-compressed in memory (a CSV shrinks several times; never held as text or rows).
// In the handler it is read back as rows, one at a time, as the import plans and writes them: its
// delimiter (`,` or `;`) taken from the header line, parsed by csv-parse. Broken CSV anywhere (a
// quote never closed, a row longer than the header) is a 400 naming the row; the import's
// transaction is then rolled back, so nothing is written.

// zlib's streams hand on 16 KB pieces by default; at 64 KB, inflating a 22 MB file cost a third of the time.
const ZLIB_CHUNK = 64 * 1024;

/** The file as staged: its bytes, gzip-compressed (level 1: fast; a CSV's text compresses well even so). */

export interface StagedCsv {
  gzip: Buffer;
}

/** One data row: its cells (padded with empty cells to the header's length) and its number in the file, the header being row 1. */
export interface CsvRow {
  cells: string[];
  row: number;
}

/** The file read back: its header and delimiter, then its data rows as they are parsed (read once). */
export interface CsvRows {
  headers: string[];
  delimiter: ',' | ';';
  rows: AsyncIterable<CsvRow>;
}

export const csvMalformed = (message: string) => new AppError('csv_malformed', `Invalid CSV: ${message}`);

/** Where the chunk's last UTF-8 sequence starts if the chunk cuts it short, else its length. */
function completeUpTo(chunk: Buffer): number {
  for (let i = chunk.length - 1; i >= Math.max(0, chunk.length - 3); i--) {
    const b = chunk[i];
    if ((b & 0xc0) === 0x80) continue;
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return chunk.length - i < length ? i : chunk.length;
  }
  return chunk.length;
}

/**
 * The bytes as they come, each checked to be UTF-8 (a sequence cut by a chunk's end checked with
 * the next): csv-parse takes bytes, so the file is never decoded into text chunks of its own.
 */
async function* checkedUtf8(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let offset = 0;
  let carry: Buffer = Buffer.alloc(0);
  const fail = () => csvMalformed(`the file is not UTF-8 text (near byte ${offset}); save it as CSV UTF-8`);
  for await (const chunk of bytes) {
    const joined = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const end = completeUpTo(joined);
    if (!isUtf8(joined.subarray(0, end))) throw fail();
    carry = Buffer.from(joined.subarray(end));
    offset += chunk.length;
    yield chunk;
  }
  if (carry.length > 0) throw fail();
}

/** How often `char` stands outside quotes in the line. */
function countOutsideQuotes(line: string, char: string): number {
  let quoted = false;
  let n = 0;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === char && !quoted) n += 1;
  }
  return n;
}

/** `;` when the header line holds more of them than of commas (a spreadsheet in a comma-decimal locale), else `,`. */
export const detectDelimiter = (headerLine: string): ',' | ';' =>
  countOutsideQuotes(headerLine, ';') > countOutsideQuotes(headerLine, ',') ? ';' : ',';

/** Stages the file (see StagedCsv); 400 csv_malformed for bytes that are not UTF-8. */
export async function stageCsv(bytes: AsyncIterable<Buffer>): Promise<StagedCsv> {
  const gzip = zlib.createGzip({ level: 1, chunkSize: ZLIB_CHUNK });
  const parts: Buffer[] = [];
  gzip.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve, reject) => gzip.on('end', resolve).on('error', reject));
  for await (const chunk of checkedUtf8(bytes)) if (!gzip.write(chunk)) await new Promise((resolve) => gzip.once('drain', resolve));
  gzip.end();
  await done;
  return { gzip: Buffer.concat(parts) };
}

/** The staged file's bytes, a piece at a time. */
async function* stagedBytes(staged: StagedCsv): AsyncGenerator<Buffer> {
  yield* Readable.from([staged.gzip]).pipe(zlib.createGunzip({ chunkSize: ZLIB_CHUNK })) as AsyncIterable<Buffer>;
}

/**
 * Reads the staged file's header (400 csv_malformed for a file without one) and answers its rows
 * to be read once, each row parsed as it is asked for; a row of broken CSV is a 400 naming it.
 */
export async function readCsv(staged: StagedCsv): Promise<CsvRows> {
  const input = stagedBytes(staged);
  // The header line decides the delimiter: read up to its end before parsing.
  const head: Buffer[] = [];
  let seen = 0;
  while (!head.some((b) => b.includes(0x0a) || b.includes(0x0d))) {
    const next = await input.next();
    if (next.done) break;
    head.push(next.value);
    seen += next.value.length;
  }
  const headText = Buffer.concat(head, seen)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(headText.split(/\r?\n|\r/, 1)[0]);
  const source = Readable.from(
    (async function* () {
      yield* head;
      yield* input;
    })(),
  );
  // Empty lines are kept as records (and skipped below) so that row numbers stay those of the file.
  const parser = parse({ delimiter, bom: true, encoding: 'utf8', relax_column_count_less: true, skip_empty_lines: false });
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  const records = (parser as AsyncIterable<string[]>)[Symbol.asyncIterator]();

  let record = 0;
  const malformed = (err: unknown) => {
    if (!(err instanceof CsvError)) return err;
    const row = (typeof err.records === 'number' ? err.records : record) + 1;
    return csvMalformed(`row ${row}: ${err.message}`);
  };
  let first: IteratorResult<string[]>;
  try {
    first = await records.next();
  } catch (err) {
    throw malformed(err);
  }
  record = 1;
  const headers = first.done ? [] : first.value.map((h) => h.trim());
  if (headers.length === 0 || headers.every((h) => h === '')) {
    parser.destroy();
    throw csvMalformed('the file has no header row');
  }
  async function* rows(): AsyncGenerator<CsvRow> {
    try {
      for (let next = await records.next(); !next.done; next = await records.next()) {
        record += 1;
        const cells = next.value;
        if (cells.every((c) => c.trim() === '')) continue;
        while (cells.length < headers.length) cells.push('');
        yield { cells, row: record };
      }
    } catch (err) {
      throw malformed(err);
    } finally {
      parser.destroy();
    }
  }
  return { headers, delimiter, rows: rows() };
}

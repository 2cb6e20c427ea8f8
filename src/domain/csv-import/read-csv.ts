import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { AppError } from '../../core/errors';

// Step 1 of a CSV import: the file read as it arrives (never held whole as bytes or text), checked
// as UTF-8 (a BOM dropped), its delimiter (`,` or `;`) taken from the header line, and parsed by
// csv-parse into rows of cells. Broken CSV anywhere (a quote never closed, a row longer than the
// header, bytes that are not UTF-8) is a 400 naming the row before anything is matched or written.

export interface CsvTable {
  headers: string[];
  /** The data rows (a row shorter than the header is padded with empty cells when read). */
  rows: string[][];
  /** Each row's number in the file, the header being row 1. */
  rowNumbers: number[];
  delimiter: ',' | ';';
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

/** Reads the whole file into rows; 400 csv_malformed naming the row for broken CSV, or a file without a header. */
export async function readCsv(bytes: AsyncIterable<Buffer>): Promise<CsvTable> {
  const input = checkedUtf8(bytes)[Symbol.asyncIterator]();
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
      for (let next = await input.next(); !next.done; next = await input.next()) yield next.value;
    })(),
  );
  // Empty lines are kept as records (and skipped below) so that row numbers stay those of the file.
  const parser = parse({ delimiter, bom: true, encoding: 'utf8', relax_column_count_less: true, skip_empty_lines: false });
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);

  const table: CsvTable = { headers: [], rows: [], rowNumbers: [], delimiter };
  let record = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      record += 1;
      if (record === 1) {
        table.headers = cells.map((h) => h.trim());
        continue;
      }
      if (cells.every((c) => c.trim() === '')) continue;
      while (cells.length < table.headers.length) cells.push('');
      table.rows.push(cells);
      table.rowNumbers.push(record);
    }
  } catch (err) {
    if (err instanceof CsvError) {
      const row = (typeof err.records === 'number' ? err.records : record) + 1;
      throw csvMalformed(`row ${row}: ${err.message}`);
    }
    throw err;
  }
  if (table.headers.length === 0 || table.headers.every((h) => h === '')) throw csvMalformed('the file has no header row');
  return table;
}

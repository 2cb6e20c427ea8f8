import type { Readable } from 'node:stream';
import type { RequestContext } from '../../core/context';
import { AppError, badRequest, zodMessage } from '../../core/errors';
import type { FormParts } from '../../core/route';
import { requireProject } from '../access';
import { FILE_PART, MAPPING_PART, MAX_CSV_BYTES, mappingText, type CsvMapping, type ImportCsvQuery } from './csv-import.schemas';
import type { CsvBody } from './csv-import.service';
import { stageCsv, type StagedCsv } from './read-csv';

// The two bodies of POST /test/import-csv, each read into the same CsvBody before the handler:
// the CSV file itself (raw, text/csv), or a multipart form of the file (part `file`) and its
// mapping as JSON (part `mapping`), as a browser's upload form sends them. The file is staged
// (read-csv.ts): checked as UTF-8 and kept compressed, to be read as rows by the handler.

/** The raw body: the file. */
export const readRawCsv = async (body: AsyncIterable<Buffer>): Promise<CsvBody> => ({ csv: await stageCsv(body) });

/** A file part's bytes, at most MAX_CSV_BYTES of them (413 past that). */
async function* limited(stream: Readable): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_CSV_BYTES) throw new AppError('payload_too_large', `${FILE_PART}: larger than ${MAX_CSV_BYTES / 2 ** 20} MiB`);
    yield chunk;
  }
}

/** The multipart body: 404 for another organization's project before a byte is read, then its parts in any order. */
export async function readCsvParts(parts: FormParts, query: ImportCsvQuery, ctx: RequestContext): Promise<CsvBody> {
  await requireProject(ctx, query.projectId);
  let csv: StagedCsv | undefined;
  let mapping: CsvMapping | undefined;
  for await (const part of parts) {
    if (part.kind === 'file') csv = await stageCsv(limited(part.stream));
    else if (part.field === MAPPING_PART) {
      const parsed = mappingText.safeParse(part.value);
      if (!parsed.success) throw new AppError('validation_failed', zodMessage(parsed.error, [MAPPING_PART]));
      mapping = parsed.data;
    }
  }
  if (!csv) throw badRequest(`${FILE_PART}: the CSV file is required`);
  return { csv, mapping };
}

/** Nothing is stored: the staged file lives in the request's memory only. */
export const discardNothing = async () => {};

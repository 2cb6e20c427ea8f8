import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable, Transform, pipeline } from 'node:stream';
import { parseArgs } from 'node:util';
import type { CliIo } from './cli-io';
import { formatBytes, uploadProgress } from './progress';
import { UsageError } from './usage-error';
import { CSV_PRESETS, type CsvMapping, type CsvPreset, type ImportCsvResult } from '../domain/csv-import/csv-import.schemas';

// `casebook import csv FILE`: test cases from a CSV file (TestRail's or Qase's export, Casebook's
// own, a spreadsheet) sent to a running Casebook over HTTP (POST /api/v1/test/import-csv), the file
// streamed as it is read, with a progress bar. Exit codes: 0 imported (or a dry run without
// errors), 1 HTTP error, no connection, or a dry run that found errors, 2 usage error.

interface Options {
  file: string;
  base: string;
  token: string;
  query: URLSearchParams;
  dryRun: boolean;
  json: boolean;
}

const ERRORS_LISTED = 20;

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        project: { type: 'string' },
        preset: { type: 'string' },
        map: { type: 'string', multiple: true },
        'dry-run': { type: 'boolean' },
        json: { type: 'boolean' },
      },
    });
  } catch (err) {
    if (String((err as { code?: string }).code).startsWith('ERR_PARSE_ARGS')) throw new UsageError((err as Error).message);
    throw err;
  }
}

/** `--map "Header=field"`, each: the mapping's columns (the header may hold `=`; the field is after the last one). */
function columnsOf(maps: string[]): Record<string, string> {
  const columns: Record<string, string> = {};
  for (const m of maps) {
    const at = m.lastIndexOf('=');
    const header = m.slice(0, at).trim();
    const field = m.slice(at + 1).trim();
    if (at < 0 || !header || !field) throw new UsageError(`--map must be "Header=field" (got "${m}")`);
    columns[header] = field;
  }
  return columns;
}

function options(args: string[], env: CliIo['env']): Options {
  const { values: v, positionals } = parse(args);
  if (positionals.length !== 1) throw new UsageError('import csv needs one CSV file: casebook import csv FILE --project ID');
  const url = (v.url ?? env.CASEBOOK_URL ?? '').trim();
  if (!url) throw new UsageError('--url is required (or set CASEBOOK_URL): the root of the Casebook server');
  try {
    if (!['http:', 'https:'].includes(new URL(url).protocol)) throw new Error();
  } catch {
    throw new UsageError(`--url "${url}" is not an http:// or https:// URL`);
  }
  const token = (v.token ?? env.CASEBOOK_TOKEN ?? '').trim();
  if (!token) throw new UsageError('--token is required (or set CASEBOOK_TOKEN): an API token of a User of the project');
  const project = v.project?.trim();
  if (!project || !/^[1-9][0-9]{0,9}$/.test(project)) throw new UsageError('--project is required: the id of the project to import into');
  const preset = v.preset?.trim();
  if (preset !== undefined && !(CSV_PRESETS as readonly string[]).includes(preset)) {
    throw new UsageError(`--preset must be one of ${CSV_PRESETS.join(', ')} (got "${preset}")`);
  }
  const mapping: CsvMapping = {};
  if (preset) mapping.preset = preset as CsvPreset;
  if (v.map?.length) mapping.columns = columnsOf(v.map);
  const query = new URLSearchParams({ projectId: project });
  if (v['dry-run']) query.set('dryRun', 'true');
  if (Object.keys(mapping).length > 0) query.set('mapping', JSON.stringify(mapping));
  return {
    file: positionals[0],
    base: url.replace(/\/+$/, '').replace(/\/api\/v1$/, ''),
    token,
    query,
    dryRun: v['dry-run'] ?? false,
    json: v.json ?? false,
  };
}

/** The server's error text (`{error}`), else the start of whatever it answered. */
function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
  } catch {
    // not JSON: a proxy's page, say
  }
  return body.trim().slice(0, 500) || '(empty answer)';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function summary(d: ImportCsvResult, opts: Options, replayed: boolean): string {
  const lines: string[] = [];
  if (opts.dryRun) lines.push('Dry run: nothing was written.');
  if (replayed) lines.push('(This file was imported before with the same options: that import is answered again, nothing was written.)');
  lines.push(
    `Rows: ${d.rowsRead} read (delimiter ${d.delimiter}); tests: ${d.testsToCreate} ${opts.dryRun ? 'to create' : 'created'}; ` +
      `sections: ${d.sectionsToCreate.count} new; labels: ${d.labelsToCreate.count} new`,
  );
  lines.push('', 'COLUMN → FIELD');
  for (const c of d.columns) lines.push(`  ${c.header} → ${c.field ?? '(not imported)'}`);
  if (d.sectionsToCreate.count > 0) lines.push('', `New sections: ${d.sectionsToCreate.names.slice(0, ERRORS_LISTED).join('; ')}`);
  if (d.labelsToCreate.count > 0) lines.push(`New labels: ${d.labelsToCreate.names.slice(0, ERRORS_LISTED).join(', ')}`);
  if (d.errorCount > 0) {
    lines.push('', `Errors (${d.errorCount}; any error and nothing is imported):`);
    for (const e of d.errors.slice(0, ERRORS_LISTED)) lines.push(`  row ${e.row}${e.column === null ? '' : `, ${e.column}`}: ${e.reason}`);
    if (d.errorCount > ERRORS_LISTED) lines.push(`  … ${d.errorCount - ERRORS_LISTED} more (--json prints ${d.errors.length})`);
  }
  if (d.preview.length > 0) {
    lines.push('', 'First tests:');
    for (const t of d.preview) lines.push(`  row ${t.row}: ${t.title}${t.section ? `  (${t.section})` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The file's SHA-256 with the query: the same file imported with the same options is one import (Idempotency-Key). */
async function importKey(file: string, query: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return `csv-${hash.update(`\n${query}`).digest('hex')}`;
}

export async function importCsv(args: string[], io: CliIo): Promise<number> {
  const opts = options(args, io.env);
  let size: number;
  try {
    size = fs.statSync(opts.file).size;
  } catch {
    throw new UsageError(`cannot read ${opts.file}`);
  }
  io.stderr.write(`reading ${opts.file} (${formatBytes(size)})\n`);
  // A dry run writes nothing, so it is never answered from the server's idempotency store: no key.
  const key = opts.dryRun ? undefined : await importKey(opts.file, opts.query.toString());
  const progress = uploadProgress(io.stderr, size, 1, { steps: true });
  let sent = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      sent += chunk.length;
      progress.sent(sent, 0);
      done(null, chunk);
    },
    flush(done) {
      progress.waiting(`sent ${formatBytes(sent)}`);
      done();
    },
  });
  const body = pipeline(fs.createReadStream(opts.file), counted, () => {});

  const started = Date.now();
  let status: number;
  let text: string;
  let replayed: boolean;
  try {
    const res = await fetch(`${opts.base}/api/v1/test/import-csv?${opts.query.toString()}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${opts.token}`,
        'Content-Type': 'text/csv',
        ...(key ? { 'Idempotency-Key': key } : {}),
        Accept: 'application/json',
      },
      body: Readable.toWeb(body) as ReadableStream<Uint8Array>,
      redirect: 'manual',
      duplex: 'half',
    });
    status = res.status;
    replayed = res.headers.get('idempotency-replayed') === 'true';
    text = await res.text();
  } catch (err) {
    progress.end('');
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    io.stderr.write(`casebook: cannot reach ${opts.base}: ${cause?.code ?? cause?.message ?? (err as Error).message}\n`);
    return 1;
  }
  if (status < 200 || status >= 300) {
    progress.end('');
    io.stderr.write(`casebook: the server answered ${status}: ${errorText(text)}\n`);
    if (status === 400 && !opts.dryRun) io.stderr.write('casebook: --dry-run lists every row error without importing\n');
    return 1;
  }
  let data: ImportCsvResult;
  try {
    data = (JSON.parse(text) as { data: ImportCsvResult }).data;
    if (typeof data?.rowsRead !== 'number') throw new Error('no data');
  } catch {
    progress.end('');
    io.stderr.write(`casebook: the server answered ${status} but not with an import result (is --url a Casebook server?)\n`);
    return 1;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const what = opts.dryRun
    ? `dry run (nothing written): ${plural(data.testsToCreate, 'test')} to create, ${plural(data.errorCount, 'error')}`
    : `imported: ${plural(data.created, 'test')} created`;
  progress.end(`${what} in ${seconds} s`);
  io.stdout.write(opts.json ? `${JSON.stringify(data, null, 2)}\n` : summary(data, opts, replayed));
  return data.errorCount > 0 ? 1 : 0;
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream';
import type { CliIo } from './cli-io';
import { formatBytes, uploadProgress } from './progress';
import { counter, importResult, parseCommandLine, plural, secondsSince, serverOf, tellRefused, upload, type Server } from './import-upload';
import { UsageError } from './usage-error';
import { CSV_PRESETS, type CsvMapping, type CsvPreset, type ImportCsvResult } from '../domain/csv-import/csv-import.schemas';

// `casebook import csv FILE`: test cases from a CSV file (TestRail's or Qase's export, Casebook's
// own, a spreadsheet) sent to a running Casebook over HTTP (POST /api/v1/test/import-csv), the file
// streamed as it is read, with a progress bar. Exit codes: 0 imported (or a dry run without
// errors), 1 HTTP error, no connection, or a dry run that found errors, 2 usage error.

interface Options extends Server {
  file: string;
  query: URLSearchParams;
  dryRun: boolean;
  json: boolean;
}

const ERRORS_LISTED = 20;

const parse = (args: string[]) =>
  parseCommandLine(args, {
    url: { type: 'string' },
    token: { type: 'string' },
    project: { type: 'string' },
    preset: { type: 'string' },
    map: { type: 'string', multiple: true },
    'dry-run': { type: 'boolean' },
    json: { type: 'boolean' },
  });

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
  const server = serverOf(v, env, (url) => `--url "${url}" is not an http:// or https:// URL`);
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
    ...server,
    query,
    dryRun: v['dry-run'] ?? false,
    json: v.json ?? false,
  };
}

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
  // Opened again for a retry after a 429: counted from the start again.
  const open = () => {
    sent = 0;
    const counted = counter(
      (bytes) => progress.sent((sent += bytes), 0),
      () => progress.waiting(`sent ${formatBytes(sent)}`),
    );
    return pipeline(fs.createReadStream(opts.file), counted, () => {});
  };

  const started = Date.now();
  const path = `/test/import-csv?${opts.query.toString()}`;
  const answer = await upload(io, progress, opts, { path, open, headers: { 'Content-Type': 'text/csv' }, key });
  if (!answer) return 1;
  if (answer.status < 200 || answer.status >= 300) {
    tellRefused(io, progress, answer);
    if (answer.status === 400 && !opts.dryRun) io.stderr.write('casebook: --dry-run lists every row error without importing\n');
    return 1;
  }
  const data = importResult<ImportCsvResult>(answer, 'rowsRead');
  if (!data) {
    progress.end('');
    io.stderr.write(`casebook: the server answered ${answer.status} but not with an import result (is --url a Casebook server?)\n`);
    return 1;
  }
  const what = opts.dryRun
    ? `dry run (nothing written): ${plural(data.testsToCreate, 'test')} to create, ${plural(data.errorCount, 'error')}`
    : `imported: ${plural(data.created, 'test')} created`;
  progress.end(`${what} in ${secondsSince(started)} s`);
  io.stdout.write(opts.json ? `${JSON.stringify(data, null, 2)}\n` : summary(data, opts, answer.replayed));
  return data.errorCount > 0 ? 1 : 0;
}

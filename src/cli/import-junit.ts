import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { CliIo } from './cli-io';
import {
  checkWellFormed,
  gatherFiles,
  importKey,
  JUNIT_ROOTS,
  locateReportIn,
  MergeMap,
  mergedReport,
  mergedSize,
  sniffEncoding,
  transcodeToUtf8,
  type JunitFile,
} from './junit-files';
import { BUILD_FLAGS, buildOfImport } from './ci-build';
import { FAIL_ON, qualityGate, type FailOn } from './quality-gate';
import { formatBytes, uploadProgress, type UploadProgress } from './progress';
import { findAttachments, hashAttachments, type FoundAttachments } from './attachment-files';
import { multipartStream } from './multipart-stream';
import {
  counter,
  errorText,
  importResult,
  parseCommandLine,
  plural,
  secondsSince,
  serverOf,
  tellRefused,
  upload,
  type Answer,
  type Server,
} from './import-upload';
import { UsageError } from './usage-error';
import {
  CASE_MATCHERS,
  FILE_PART,
  REPORT_PART,
  type ImportJUnitResult,
  type ImportProgressResult,
} from '../domain/junit-import/junit-import.schemas';

// `casebook import junit`: uploads JUnit XML reports to a running Casebook over HTTP only
// (POST /api/v1/run/import-junit), so it works from any CI runner against any server.
// Exit codes: 0 imported, 1 HTTP error or no connection (or the --fail-on gate failed), 2 usage error or a broken report file,
// 3 --fail-on-unmatched and some testcases matched no test (unmatched or unknown).

interface Options extends Server {
  inputs: string[];
  query: URLSearchParams;
  dryRun: boolean;
  json: boolean;
  failOnUnmatched: boolean;
  /** The quality gate after the import (quality-gate.ts), and where its Markdown summary goes. */
  failOn: FailOn;
  summaryFile: string | undefined;
  /** The run's CI build sent with the import, and the CI system that gave it. */
  build: ReturnType<typeof buildOfImport>;
  /** Where the files the reports name are (--attachments-dir); without it none are sent. */
  attachmentsDir?: string;
}

/** The `data` of the route's 201 answer. */
type ImportResult = ImportJUnitResult;
type MappingEntry = NonNullable<ImportResult['mapping']>[number];

/** How often the server's progress is asked for while its answer is awaited. */
const POLL_MS = 500;
const MAPPING_ROWS = 500;
const UNMATCHED_LISTED = 20;

const parse = (args: string[]) =>
  parseCommandLine(args, {
    url: { type: 'string' },
    token: { type: 'string' },
    project: { type: 'string' },
    run: { type: 'string' },
    'run-name': { type: 'string' },
    'create-missing': { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    'status-map': { type: 'string', multiple: true },
    'case-matcher': { type: 'string' },
    json: { type: 'boolean' },
    'fail-on-unmatched': { type: 'boolean' },
    'attachments-dir': { type: 'string' },
    commit: { type: 'string' },
    branch: { type: 'string' },
    'build-number': { type: 'string' },
    'build-url': { type: 'string' },
    'ci-job': { type: 'string' },
    'no-ci-env': { type: 'boolean' },
    'fail-on': { type: 'string' },
    summary: { type: 'string' },
  });

function positiveId(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]{0,9}$/.test(value.trim())) throw new UsageError(`--${flag} must be a positive integer id (got "${value}")`);
  return value.trim();
}

function attachmentsDir(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!value.trim()) throw new UsageError('--attachments-dir must not be empty');
  return value;
}

function options(args: string[], env: CliIo['env']): Options {
  const { values: v, positionals } = parse(args);
  if (positionals.length === 0) throw new UsageError('import junit needs the JUnit XML files: <file|dir|glob>...');
  const server = serverOf(v, env, (url, isUrl) => (isUrl ? `--url "${url}" must be http:// or https://` : `--url "${url}" is not a URL`));
  const projectId = positiveId(v.project, 'project');
  if (!projectId) throw new UsageError('--project is required: the id of the project to import into');
  const runId = positiveId(v.run, 'run');
  const runName = v['run-name']?.trim();
  if (runId && v['run-name'] !== undefined) throw new UsageError('give --run (an open run) or --run-name (a new run), not both');
  if (v['run-name'] !== undefined && !runName) throw new UsageError('--run-name must not be empty');

  const query = new URLSearchParams({ projectId });
  if (runId) query.set('runId', runId);
  if (runName) query.set('runName', runName);
  if (v['create-missing']) query.set('createMissing', 'true');
  if (v['dry-run']) query.set('dryRun', 'true');
  if (v['status-map']?.length) query.set('statusMap', v['status-map'].join(','));
  const matcher = v['case-matcher']?.trim();
  if (matcher !== undefined) {
    if (!(CASE_MATCHERS as readonly string[]).includes(matcher)) {
      throw new UsageError(`--case-matcher must be one of ${CASE_MATCHERS.join(', ')} (got "${matcher}")`);
    }
    query.set('caseMatcher', matcher);
  }
  const failOn = (v['fail-on']?.trim() ?? 'none') as FailOn;
  if (!FAIL_ON.includes(failOn)) throw new UsageError(`--fail-on must be one of ${FAIL_ON.join(', ')} (got "${v['fail-on']}")`);
  if (v.summary !== undefined && !v.summary.trim()) throw new UsageError('--summary must name a file');
  const flags = Object.fromEntries(
    Object.entries(BUILD_FLAGS).map(([field, flag]) => [field, v[flag as keyof typeof v] as string | undefined]),
  );
  const build = buildOfImport(flags, env, !v['no-ci-env']);
  for (const [field, value] of Object.entries(build.build)) query.set(field, value);
  return {
    inputs: positionals,
    ...server,
    query,
    dryRun: v['dry-run'] ?? false,
    json: v.json ?? false,
    failOnUnmatched: v['fail-on-unmatched'] ?? false,
    attachmentsDir: attachmentsDir(v['attachments-dir']),
    build,
    failOn,
    summaryFile: v.summary,
  };
}

const testcaseName = (m: MappingEntry) => (m.classname ? `${m.classname}.${m.name}` : m.name);

function counts(d: ImportResult): string {
  return `${plural(d.total, 'test')}: ${d.matched} matched, ${d.created} created, ${d.unmatched} unmatched, ${d.unknown} unknown`;
}

/** What the runner's own summary can be checked against: the report's testcases, how they made the tests, and keys moved. */
function found(d: ImportResult): string {
  const moved = d.keysMoved > 0 ? `; ${d.keysMoved} found by their old key moved to their full key` : '';
  return (
    `Testcases: ${d.testcases} (${plural(d.repetitions, 'repetition')} and ${plural(d.reruns, 'rerun')} of a test ` +
    `folded into its result)${moved}`
  );
}

function summary(d: ImportResult, opts: Options, replayed: boolean): string {
  const lines: string[] = [];
  const runUrl = d.runId === null ? null : `${opts.base}/projects/${d.projectId}/runs/${d.runId}`;
  if (opts.dryRun) lines.push(`Dry run: nothing was written. Target: ${d.runId === null ? 'a new run' : `run ${d.runId}`}.`);
  else lines.push(`Run ${d.runId}: ${runUrl}`);
  if (replayed) lines.push('(These files were imported before with the same options: that import is answered again, nothing was written.)');
  lines.push(found(d));
  lines.push(`Tests: ${counts(d)}`);
  lines.push(
    `Results: ${d.passed} passed, ${d.failed} failed, ${d.retest} retest, ${d.blocked} blocked, ${d.untested} untested` +
      (d.passedOnRetry > 0 ? ` (${d.passedOnRetry} passed on retry)` : ''),
  );
  lines.push(`Test time: ${(d.elapsedMs / 1000).toFixed(1)} s`);
  if (d.attachments) lines.push(...attachmentLines(d.attachments, opts.dryRun));
  if (d.mapping) {
    const width = Math.max(...d.mapping.map((m) => (m.testId === null ? 1 : String(m.testId).length + 1)), 4);
    lines.push('', `${'ACTION'.padEnd(10)}${'STATUS'.padEnd(8)}${'TEST'.padEnd(width + 2)}TESTCASE`);
    for (const m of d.mapping.slice(0, MAPPING_ROWS)) {
      lines.push(
        `${m.action.padEnd(10)}${m.status.padEnd(8)}${(m.testId === null ? '-' : `C${m.testId}`).padEnd(width + 2)}${testcaseName(m)}`,
      );
    }
    if (d.mapping.length > MAPPING_ROWS) lines.push(`… ${d.mapping.length - MAPPING_ROWS} more (--json prints them all)`);
    const unmatched = d.mapping.filter((m) => m.action === 'unmatched');
    if (unmatched.length > 0) {
      lines.push('', `Unmatched (${unmatched.length}; --create-missing would create them):`);
      for (const m of unmatched.slice(0, UNMATCHED_LISTED)) lines.push(`  ${testcaseName(m)}`);
      if (unmatched.length > UNMATCHED_LISTED) lines.push(`  … ${unmatched.length - UNMATCHED_LISTED} more`);
    }
  } else {
    if (d.unmatched > 0) {
      lines.push(
        `${plural(d.unmatched, 'testcase')} matched no test and were skipped: --create-missing creates them, --dry-run lists them.`,
      );
    }
    if (d.unknown > 0) {
      lines.push(
        `${plural(d.unknown, 'testcase')} named the id of no test of the project (unknown) and were skipped: --dry-run lists them.`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** What became of the files the testcases name: counts, then the missing ones (the first few). */
function attachmentLines(a: NonNullable<ImportResult['attachments']>, dryRun: boolean): string[] {
  const lines = [
    `Attachments: ${a.attached} ${dryRun ? 'would be attached' : 'attached'}, ${a.missing.length} missing` +
      (a.unused.length > 0 ? `, ${a.unused.length} sent but named by no recorded test (not kept)` : ''),
  ];
  if (a.missing.length > 0) {
    lines.push(`Missing (named by a testcase, not sent):`);
    for (const m of a.missing.slice(0, UNMATCHED_LISTED)) lines.push(`  ${m.path}  (${m.testcase})`);
    if (a.missing.length > UNMATCHED_LISTED) lines.push(`  … ${a.missing.length - UNMATCHED_LISTED} more (--json prints them all)`);
  }
  return lines;
}

const thousands = (n: number) => n.toLocaleString('en-US');

/** The server's phase as the progress line tells it. */
function phaseText(p: ImportProgressResult): string {
  if (p.phase === 'matching') return `matching ${thousands(p.total)} tests`;
  if (p.phase === 'writing') return `writing ${thousands(p.done)}/${thousands(p.total)} results`;
  return p.phase;
}

/**
 * Polls GET /run/import-progress for the import sent with X-Import-Progress `progressId`,
 * every POLL_MS once the upload is done, and shows each phase and its counts. Until the
 * server has read the report it answers 404; that, and any failure to ask, shows nothing.
 */
function progressPoller(opts: Options, progressId: string, progress: UploadProgress) {
  const query = new URLSearchParams({ projectId: opts.query.get('projectId')!, progressId });
  const aborter = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const poll = async () => {
    try {
      const res = await fetch(`${opts.base}/api/v1/run/import-progress?${query.toString()}`, {
        headers: { Authorization: `Bearer ${opts.token}`, Accept: 'application/json' },
        signal: aborter.signal,
      });
      const text = await res.text();
      if (res.ok && !stopped) {
        const { data } = JSON.parse(text) as { data: ImportProgressResult };
        if (data.phase === 'matching' || data.phase === 'writing') progress.server(data.phase, phaseText(data));
      }
    } catch {
      // progress is a courtesy: the import's own answer tells what happened
    }
    if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
  };
  return {
    /** The upload is done: the server is at work. */
    start() {
      if (!stopped && timer === undefined) timer = setTimeout(() => void poll(), POLL_MS);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      aborter.abort();
    },
  };
}

/**
 * The reports among `paths`, each checked to be well-formed: UTF-16 ones transcoded into
 * `scratch`, XML of another root (a coverage report) skipped with a note on stderr.
 */
async function readReports(paths: string[], scratch: () => string, io: CliIo): Promise<JunitFile[]> {
  const files: JunitFile[] = [];
  for (const file of paths) {
    const encoding = sniffEncoding(file);
    const source = encoding === 'utf-8' ? file : await transcodeToUtf8(file, encoding, scratch());
    const report = locateReportIn(file, source);
    if (!JUNIT_ROOTS.includes(report.root)) {
      io.stderr.write(`skipped ${file}: its root element is <${report.root}>, not <testsuites> or <testsuite>\n`);
      continue;
    }
    await checkWellFormed(report);
    files.push(report);
  }
  return files;
}

export async function importJunit(args: string[], io: CliIo): Promise<number> {
  const opts = options(args, io.env);
  const fields = Object.entries(opts.build.build);
  if (fields.length) {
    const from = opts.build.source ? ` (from ${opts.build.source})` : '';
    io.stderr.write(`build${from}: ${fields.map(([k, value]) => `${k} ${value}`).join(', ')}\n`);
  }
  let scratchDir: string | undefined;
  const scratch = () => (scratchDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-junit-')));
  try {
    return await importFiles(opts, scratch, io);
  } finally {
    if (scratchDir) fs.rmSync(scratchDir, { recursive: true, force: true });
  }
}

/** Says what --attachments-dir holds of the files the reports name, and what it will not send. */
function tellAttachments(found: FoundAttachments, dir: string, io: CliIo): void {
  const bytes = found.files.reduce((sum, f) => sum + f.size, 0);
  io.stderr.write(`attachments: ${plural(found.files.length, 'file')} (${formatBytes(bytes)}) named by the reports, under ${dir}\n`);
  if (found.absent.length > 0) io.stderr.write(`attachments: ${plural(found.absent.length, 'named file')} not found under ${dir}\n`);
  for (const p of found.outside.slice(0, UNMATCHED_LISTED)) io.stderr.write(`attachments: not sent, outside ${dir}: ${p}\n`);
  if (found.outside.length > UNMATCHED_LISTED)
    io.stderr.write(`attachments: … ${found.outside.length - UNMATCHED_LISTED} more outside ${dir}\n`);
}

async function importFiles(opts: Options, scratch: () => string, io: CliIo): Promise<number> {
  const files = await readReports(await gatherFiles(opts.inputs), scratch, io);
  if (files.length === 0) throw new UsageError(`no JUnit report among the files of ${opts.inputs.join(' ')}`);
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  io.stderr.write(`reading ${plural(files.length, 'file')} (${formatBytes(bytes)})\n`);
  const found = opts.attachmentsDir === undefined ? undefined : await findAttachments(files, opts.attachmentsDir);
  if (found) tellAttachments(found, opts.attachmentsDir!, io);
  // A dry run writes nothing, so it is never answered from the server's idempotency store: no key.
  const key = opts.dryRun
    ? undefined
    : await importKey(files, opts.query.toString(), found && ((hash) => hashAttachments(hash, found.files)));

  const attached = found?.files ?? [];
  const fileBytes = attached.reduce((sum, f) => sum + f.size, 0);
  const total = mergedSize(files) + fileBytes;
  // In a pipe, a line per tenth of a long upload of files; a report alone goes in one go.
  const progress = uploadProgress(io.stderr, total, files.length + attached.length, { steps: attached.length > 0 });
  // The id the server records this import's progress under, for the poller to ask after.
  const progressId = randomUUID();
  const poller = progressPoller(opts, progressId, progress);
  let file = 0;
  let raw = 0;
  let gzipped = 0;
  const countRaw = () => counter((bytes) => progress.sent((raw += bytes), file));
  const countGzip = () => counter((bytes) => (gzipped += bytes));
  // The whole body is out: the server is at work.
  const sent = () =>
    counter(
      () => {},
      () => {
        const files = attached.length > 0 ? ` and ${plural(attached.length, 'attachment')} (${formatBytes(fileBytes)})` : '';
        progress.waiting(`sent ${formatBytes(raw - fileBytes)} (${formatBytes(gzipped)} gzip)${files}`);
        poller.start();
      },
    );
  // A place the server names in the merged document is told in its file too.
  const map = new MergeMap();
  const report = () =>
    pipeline(
      mergedReport(files, (i) => (file = i), map),
      countRaw(),
      createGzip(),
      countGzip(),
      () => {},
    );
  // Each attachment streamed from its file as its part is sent, counted into the bar.
  const countFile = (index: number) => counter((bytes) => progress.sent((raw += bytes), files.length + index));
  const form =
    attached.length > 0
      ? multipartStream([
          { field: REPORT_PART, filename: 'report.xml.gz', contentType: 'application/gzip', open: report },
          ...attached.map((f, i) => ({
            field: FILE_PART,
            filename: f.sentAs,
            contentType: 'application/octet-stream',
            open: () => pipeline(fs.createReadStream(f.file), countFile(i), () => {}),
          })),
        ])
      : undefined;
  // A read error ends the body with that error, which fails the request below. Opened again for a
  // retry after a 429: the bar counts from the start again.
  const open = () => {
    file = 0;
    raw = 0;
    gzipped = 0;
    return pipeline(form ? form.open() : report(), sent(), () => {});
  };
  const encoding: Record<string, string> = form
    ? { 'Content-Type': form.contentType }
    : { 'Content-Type': 'application/xml', 'Content-Encoding': 'gzip' };

  const started = Date.now();
  const path = `/run/import-junit?${opts.query.toString()}`;
  let answer: Answer | undefined;
  try {
    answer = await upload(io, progress, opts, { path, open, headers: { ...encoding, 'X-Import-Progress': progressId }, key });
  } finally {
    poller.stop();
  }
  if (!answer) return 1;
  const { status, text, replayed, location } = answer;
  if (status < 200 || status >= 300) {
    const why = status >= 300 && status < 400 ? `redirected to ${location ?? '?'}; give that address as --url` : errorText(text);
    tellRefused(io, progress, answer, why);
    const place = status === 400 ? map.placeIn(why) : undefined;
    if (place) io.stderr.write(`casebook: that place is ${place.path}:${place.line}:${place.column}\n`);
    return 1;
  }
  const data = importResult<ImportResult>(answer, 'total');
  if (!data) {
    progress.end('');
    io.stderr.write(
      `casebook: the server answered ${status} but not with an import result (is --url a Casebook server?): ${text.slice(0, 200)}\n`,
    );
    return 1;
  }
  const seconds = secondsSince(started);
  const what = opts.dryRun ? 'dry run (nothing written)' : replayed ? `imported before: run ${data.runId}` : `imported: run ${data.runId}`;
  const attachedCount = data.attachments ? `, ${plural(data.attachments.attached, 'attachment')}` : '';
  progress.end(`${what}, ${counts(data)}${attachedCount} in ${seconds} s`);
  io.stdout.write(opts.json ? `${JSON.stringify(data, null, 2)}\n` : summary(data, opts, replayed));
  // An unknown testcase (it names the id of no test) is as unrecorded as an unmatched one.
  if (opts.failOnUnmatched && data.unmatched + data.unknown > 0) {
    io.stderr.write(`casebook: --fail-on-unmatched: ${data.unmatched} unmatched, ${data.unknown} unknown\n`);
    return 3;
  }
  // A dry run has no run to judge.
  if (opts.dryRun || data.runId === null || (opts.failOn === 'none' && !opts.summaryFile)) return 0;
  const where = { base: opts.base, token: opts.token, projectId: opts.query.get('projectId')!, runId: data.runId };
  try {
    return await qualityGate(where, opts.failOn, opts.summaryFile, io);
  } catch (err) {
    io.stderr.write(`casebook: the run could not be compared: ${(err as Error).message}\n`);
    return 1;
  }
}

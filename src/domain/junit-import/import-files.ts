import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { RequestContext } from '../../core/context';
import { AppError, badRequest } from '../../core/errors';
import type { FormPart, FormParts } from '../../core/route';
import { requireProject } from '../access';
import { orgAttachmentBytes, type NewAttachment } from '../attachments/data';
import { safeFileName } from '../attachments/file-name';
import { fileTooLarge, storeFile } from '../attachments/store-file';
import { collectReport, type Report } from './collect-report';
import { DEFAULT_STATUS_MAP, FILE_PART, MAX_JUNIT_BYTES, REPORT_PART, type ImportJUnitQuery } from './junit-import.schemas';

// A multipart import (POST /run/import-junit as multipart/form-data): its report part and the
// files its testcases name, read by the router before the handler runs (so that its
// Idempotency-Key is claimed knowing the whole body). Each file is streamed to the blob store as
// it arrives, under a key no record names yet (staged); the import attaches the named ones and
// removes the rest, and a refused or replayed import removes them all. A dry run stores none.

/** A file sent with the report, by the path it was sent under. */
export interface ImportFile {
  /** Its file name as sent, normalised (normalisePath): what report paths are matched against. */
  path: string;
  size: number;
  /** Its bytes in the blob store, not yet recorded; absent in a dry run. */
  stored?: NewAttachment;
}

/** What the import's handler gets: the report, and with a multipart body the files sent. */
export interface ImportBody {
  report: Report;
  files?: ImportFile[];
}

/** `.\shots\a.png` and `shots//a.png` are `shots/a.png`: slashes, no `./` steps, no doubled separators. */
export function normalisePath(path: string): string {
  let p = path
    .trim()
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/\/(\.\/)+/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  return p;
}

/**
 * The file a report's path names: the one sent under that path (normalised), else, for a path a CI
 * machine wrote in full (`/builds/x/shots/a.png`), the sent file whose path ends it at a separator,
 * the longest such; undefined when none.
 */
export function fileNamed(byPath: Map<string, ImportFile>, reportPath: string): ImportFile | undefined {
  const path = normalisePath(reportPath);
  const exact = byPath.get(path);
  if (exact) return exact;
  const parts = path.split('/');
  for (let i = 1; i < parts.length; i++) {
    const file = byPath.get(parts.slice(i).join('/'));
    if (file) return file;
  }
  return undefined;
}

/** The report part's bytes, gunzipped when sent as gzip, at most MAX_JUNIT_BYTES of them once decoded. */
async function* reportBytes(part: Extract<FormPart, { kind: 'file' }>): AsyncGenerator<Buffer> {
  const gzipped = /gzip/i.test(part.claimedType) || /\.gz$/i.test(part.fileName);
  const source: Readable = gzipped ? part.stream.pipe(createGunzip()) : part.stream;
  if (gzipped) part.stream.once('error', (err) => source.destroy(err));
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_JUNIT_BYTES)
        throw new AppError('payload_too_large', `${REPORT_PART}: larger than ${MAX_JUNIT_BYTES / 2 ** 20} MiB once decoded`);
      yield chunk;
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('Z_')) throw badRequest(`${REPORT_PART}: does not decode as gzip`, 'malformed_request');
    throw err;
  }
}

/** A dry run's file: read to its end, counted (413 past the limit of a file), stored nowhere. */
async function measure(stream: Readable, path: string, maxBytes: number): Promise<number> {
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw fileTooLarge(safeFileName(path), maxBytes);
  }
  return size;
}

/**
 * Reads a multipart import, all or nothing: 404 / 409 for the project before a byte is stored,
 * then the parts in any order (400 without a report, for a file sent twice or without a name;
 * the report's own 400 and 413; a file's 413 and the quota's 507), removing what it stored when
 * any of it fails.
 */
export async function readImportParts(parts: FormParts, query: ImportJUnitQuery, ctx: RequestContext): Promise<ImportBody> {
  const project = await requireProject(ctx, query.projectId, { active: true });
  const { blobs, maxFileBytes, quotaBytes } = ctx.attachments;
  const quota = !query.dryRun && quotaBytes > 0;
  let used = quota ? await orgAttachmentBytes(ctx.db, project.orgId) : 0;
  let report: Report | undefined;
  const files: ImportFile[] = [];
  const paths = new Set<string>();
  try {
    for await (const part of parts) {
      if (part.kind !== 'file') continue;
      if (part.field === REPORT_PART) {
        report = await collectReport(reportBytes(part), query.statusMap ?? DEFAULT_STATUS_MAP);
        continue;
      }
      const path = normalisePath(part.fileName);
      if (!path) throw badRequest(`${FILE_PART}: each file needs a file name, its path as the report names it`);
      if (paths.has(path)) throw badRequest(`${FILE_PART}: "${path}" is sent twice`);
      paths.add(path);
      if (query.dryRun) {
        files.push({ path, size: await measure(part.stream, path, maxFileBytes) });
        continue;
      }
      const limits = { maxFileBytes, quotaBytes, quotaLeft: quota ? quotaBytes - used : Infinity };
      const stored = await storeFile(blobs, `${query.projectId}/${crypto.randomUUID()}`, safeFileName(path), part.stream, limits);
      files.push({ path, size: stored.size, stored });
      used += stored.size;
    }
    if (!report) throw badRequest(`${REPORT_PART}: the JUnit XML report part is required`);
    return { report, files };
  } catch (err) {
    await discardImportFiles({ report: report!, files }, ctx);
    throw err;
  }
}

/** Removes the staged bytes of a multipart import (what fails to go, the sweep removes later). */
export async function discardImportFiles(body: ImportBody, ctx: RequestContext): Promise<void> {
  const keys = (body.files ?? []).flatMap((f) => (f.stored ? [f.stored.storageKey] : []));
  await Promise.allSettled(keys.map((key) => ctx.attachments.blobs.delete(key)));
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseJUnit } from '../domain/junit-import/junit-parser';
import { MAX_IMPORT_FILES } from '../domain/junit-import/junit-import.schemas';
import type { JunitFile } from './junit-files';
import { UsageError } from './usage-error';

// The files `casebook import junit --attachments-dir DIR` sends with the reports: the ones their
// testcases name ([[ATTACHMENT|path]] lines and attachment properties, read by the server's own
// parser), found under DIR. A report's relative path is taken relative to DIR; an absolute one
// must lie inside DIR. A path leading out of DIR (`../`, an absolute path elsewhere, a symbolic
// link pointing out) is never read; it and a file not there are left to the server, which
// answers them as missing.

/** A file to send: where it is on disk, and the path it is sent under (relative to DIR, with slashes). */
export interface AttachmentFile {
  file: string;
  sentAs: string;
  size: number;
}

export interface FoundAttachments {
  files: AttachmentFile[];
  /** Paths the reports name that are not under DIR (not sent). */
  outside: string[];
  /** Paths the reports name that DIR does not hold (not sent). */
  absent: string[];
}

/** Every path the reports' testcases name, each once, in order. */
async function namedPaths(reports: JunitFile[]): Promise<string[]> {
  const seen = new Set<string>();
  for (const report of reports) {
    let last = -1;
    for await (const c of parseJUnit(fs.createReadStream(report.source))) {
      // The attempts of one testcase share its paths.
      if (c.testcase === last) continue;
      last = c.testcase;
      for (const p of c.attachments) seen.add(p);
    }
  }
  return [...seen];
}

const isAbsolute = (p: string) => path.posix.isAbsolute(p) || path.win32.isAbsolute(p);
const inside = (dir: string, file: string) => {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/** The files the reports name that DIR holds; a DIR that is no directory is a usage error. */
export async function findAttachments(reports: JunitFile[], dirArg: string): Promise<FoundAttachments> {
  const dir = path.resolve(dirArg);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`--attachments-dir ${dirArg}: no such directory`);
  const realDir = fs.realpathSync(dir);
  const found: FoundAttachments = { files: [], outside: [], absent: [] };
  const sent = new Set<string>();
  for (const named of await namedPaths(reports)) {
    // Reports written on Windows name paths with backslashes.
    const slashed = named.replace(/\\/g, '/');
    const full = isAbsolute(named) ? path.resolve(slashed) : path.resolve(dir, slashed);
    if (!inside(dir, full)) {
      found.outside.push(named);
      continue;
    }
    const real = fs.existsSync(full) ? fs.realpathSync(full) : undefined;
    const stat = real === undefined ? undefined : fs.statSync(real);
    if (real === undefined || !stat?.isFile()) {
      found.absent.push(named);
      continue;
    }
    if (!inside(realDir, real)) {
      found.outside.push(named);
      continue;
    }
    const sentAs = path.relative(dir, full).split(path.sep).join('/');
    if (sent.has(sentAs)) continue;
    sent.add(sentAs);
    found.files.push({ file: real, sentAs, size: stat.size });
  }
  if (found.files.length > MAX_IMPORT_FILES) {
    throw new UsageError(
      `the reports name ${found.files.length} files under --attachments-dir: one import takes at most ${MAX_IMPORT_FILES}`,
    );
  }
  return found;
}

/** Feeds the files' names and bytes to an import's Idempotency-Key hash. */
export async function hashAttachments(hash: crypto.Hash, files: AttachmentFile[]): Promise<void> {
  for (const f of files) {
    hash.update(`\nfile ${f.sentAs} ${f.size}\n`);
    for await (const chunk of fs.createReadStream(f.file)) hash.update(chunk as Buffer);
  }
}

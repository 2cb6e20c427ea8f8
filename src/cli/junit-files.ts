import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { glob, isDynamicPattern } from 'tinyglobby';
import { UsageError } from './usage-error';

// The files of `casebook import junit` and the one document they are sent as. Several
// reports become one <testsuites> holding each file's suites: only their prolog and root
// tags are found to merge them, so a 50 MB report streams through as bytes. Each file is
// read once before (checkWellFormed) so that a broken one is named with its own line and
// column, not a place in the merged document; a UTF-16 report is sent as UTF-8
// (transcoded), and XML whose root is no JUnit root (a coverage report) is left out.

/** One report and the part of it that goes into the merged document. */
export interface JunitFile {
  /** The file as named to the user. */
  path: string;
  /** The UTF-8 bytes read: `path` itself, or its transcoded copy when it is UTF-16. */
  source: string;
  /** The root element's name. */
  root: string;
  size: number;
  /** Byte range [start, end) copied: the root element, or a <testsuites> root's content. */
  start: number;
  end: number;
}

const HEAD_BYTES = 64 * 1024;
const OPEN = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n');
const SEPARATOR = Buffer.from('\n');
const CLOSE = Buffer.from('</testsuites>\n');

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The files the arguments name, in argument order, each once: a file as given, a directory's
 * *.xml files (walked, sorted), a glob's matches (sorted). A missing path is a usage error,
 * and so is matching nothing at all.
 */
export async function gatherFiles(inputs: string[], cwd = process.cwd()): Promise<string[]> {
  const found: string[] = [];
  for (const input of inputs) {
    const full = path.resolve(cwd, input);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (stat?.isFile()) found.push(full);
    else if (stat?.isDirectory()) found.push(...(await glob('**/*.xml', { cwd: full, absolute: true, onlyFiles: true })).sort(byPath));
    else if (isDynamicPattern(input)) found.push(...(await glob(input, { cwd, absolute: true, onlyFiles: true })).sort(byPath));
    else throw new UsageError(`${input}: no such file or directory`);
  }
  const files = [...new Set(found.map((f) => path.normalize(f)))];
  if (files.length === 0) throw new UsageError(`no JUnit XML files matched ${inputs.join(' ')}`);
  return files;
}

function readRange(fd: number, position: number, length: number): string {
  const buf = Buffer.alloc(length);
  const n = fs.readSync(fd, buf, 0, length, position);
  // latin1 keeps one character per byte, so string indexes are byte offsets; the markup is ASCII.
  return buf.subarray(0, n).toString('latin1');
}

/** Where the root element starts, skipping a BOM, the XML declaration, other PIs, comments and a DOCTYPE. */
function rootStart(head: string): { index: number; name: string } | null {
  let i = head.startsWith('\xef\xbb\xbf') ? 3 : 0;
  for (;;) {
    while (i < head.length && /[ \t\r\n]/.test(head[i])) i++;
    const skipTo = (end: string) => {
      const j = head.indexOf(end, i);
      return j < 0 ? -1 : j + end.length;
    };
    let next: number;
    if (head.startsWith('<?', i)) next = skipTo('?>');
    else if (head.startsWith('<!--', i)) next = skipTo('-->');
    else if (head.startsWith('<!DOCTYPE', i)) {
      const bracket = head.indexOf('[', i);
      const close = head.indexOf('>', i);
      if (bracket >= 0 && bracket < close) i = head.indexOf(']', bracket);
      next = i < 0 ? -1 : skipTo('>');
    } else {
      const m = /^<([A-Za-z_][\w.:-]*)/.exec(head.slice(i, i + 256));
      return m ? { index: i, name: m[1] } : null;
    }
    if (next < 0) return null;
    i = next;
  }
}

/** The offset just past the start tag beginning at `from` (quotes may hold '>'), and whether it closes itself. */
function startTagEnd(head: string, from: number): { end: number; selfClosing: boolean } | null {
  let quote: string | null = null;
  for (let i = from; i < head.length; i++) {
    const c = head[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return { end: i + 1, selfClosing: head[i - 1] === '/' };
  }
  return null;
}

/** A report file that is broken: said without the usage text (the command line is fine). */
export class ReportFileError extends UsageError {
  readonly showUsage = false;
}

/** The roots of a JUnit report; a file with another root is skipped. */
export const JUNIT_ROOTS = ['testsuites', 'testsuite'];

/** Finds the part of `file` the merged document takes; a file that is not an XML report is a usage error. */
export function locateReport(file: string): JunitFile {
  return locateReportIn(file, file);
}

/** locateReport of `file` whose UTF-8 bytes are read from `source` (a transcoded copy). */
export function locateReportIn(file: string, source: string): JunitFile {
  const fd = fs.openSync(source, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const head = readRange(fd, 0, Math.min(size, HEAD_BYTES));
    const root = rootStart(head);
    if (!root) throw new UsageError(`${file}: not an XML report (no root element in its first ${HEAD_BYTES / 1024} KB)`);
    const at = { path: file, source, root: root.name, size };
    if (root.name !== 'testsuites') return { ...at, start: root.index, end: size };
    // A <testsuites> root gives its children: the merged document has one <testsuites> of its own.
    const tag = startTagEnd(head, root.index);
    if (!tag) throw new UsageError(`${file}: the <testsuites> start tag does not end in its first ${HEAD_BYTES / 1024} KB`);
    if (tag.selfClosing) return { ...at, start: tag.end, end: tag.end };
    const tailStart = Math.max(tag.end, size - HEAD_BYTES);
    const close = readRange(fd, tailStart, size - tailStart).lastIndexOf('</testsuites');
    if (close < 0) throw new UsageError(`${file}: <testsuites> is not closed (truncated file?)`);
    return { ...at, start: tag.end, end: tailStart + close };
  } finally {
    fs.closeSync(fd);
  }
}

/** The encoding of a file by its first bytes: a BOM, else `<?` in UTF-16; UTF-8 otherwise. */
export function sniffEncoding(file: string): 'utf-8' | 'utf-16le' | 'utf-16be' {
  const fd = fs.openSync(file, 'r');
  try {
    const b = Buffer.alloc(4);
    const n = fs.readSync(fd, b, 0, 4, 0);
    if (n >= 2 && b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
    if (n >= 2 && b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
    if (n === 4 && b[0] === 0x3c && b[1] === 0 && b[2] === 0x3f && b[3] === 0) return 'utf-16le';
    if (n === 4 && b[0] === 0 && b[1] === 0x3c && b[2] === 0 && b[3] === 0x3f) return 'utf-16be';
    return 'utf-8';
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `file` (UTF-16) as UTF-8 (without a BOM) into `dir`; answers the copy's path. */
export async function transcodeToUtf8(file: string, encoding: 'utf-16le' | 'utf-16be', dir: string): Promise<string> {
  const copy = path.join(dir, `${crypto.randomBytes(8).toString('hex')}.xml`);
  const decoder = new TextDecoder(encoding);
  const out = fs.createWriteStream(copy);
  const put = (text: string) =>
    new Promise<void>((resolve, reject) => out.write(Buffer.from(text, 'utf8'), (err) => (err ? reject(err) : resolve())));
  try {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) {
      await put(decoder.decode(chunk as Buffer, { stream: true }));
    }
    await put(decoder.decode());
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
  }
  return copy;
}

/**
 * Reads the report through an XML parser: a file that is not well-formed is a
 * ReportFileError naming the file, line and column, before anything is sent.
 */
export async function checkWellFormed(file: JunitFile): Promise<void> {
  const sax = new SaxesParser({ position: true });
  let fault: string | null = null;
  sax.on('error', (err) => {
    fault ??= `${file.path}:${sax.line}:${Math.max(1, sax.column)}: malformed XML: ${err.message.replace(/^\d+:\d+: /, '')}`;
  });
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of fs.createReadStream(file.source, { highWaterMark: 256 * 1024 })) {
    sax.write(decoder.decode(chunk as Buffer, { stream: true }));
    if (fault) throw new ReportFileError(fault);
  }
  sax.write(decoder.decode());
  sax.close();
  if (fault) throw new ReportFileError(fault);
}

/**
 * The Idempotency-Key of an import: the files' bytes in order and the query (and what `more` adds), hashed. A retried
 * CI step sends the same key, so the server answers the first import again instead of importing twice.
 */
export async function importKey(files: JunitFile[], query: string, more?: (hash: crypto.Hash) => Promise<void>): Promise<string> {
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(`${file.size}\n`);
    for await (const chunk of fs.createReadStream(file.source)) hash.update(chunk as Buffer);
  }
  hash.update(`\n${query}`);
  // The files sent with the reports (--attachments-dir), when there are any.
  await more?.(hash);
  return `casebook-junit-${hash.digest('hex')}`;
}

/** Bytes of the merged document. */
export function mergedSize(files: JunitFile[]): number {
  return OPEN.length + CLOSE.length + files.reduce((sum, f) => sum + (f.end - f.start) + SEPARATOR.length, 0);
}

const newlines = (buf: Buffer) => {
  let n = 0;
  for (let i = buf.indexOf(0x0a); i >= 0; i = buf.indexOf(0x0a, i + 1)) n++;
  return n;
};

/**
 * Which file each line of the merged document came from, noted as it is streamed: a place the
 * server names in the merged document (`line 787, column 3`) is told as the file's own.
 */
export class MergeMap {
  private readonly parts: { file: JunitFile; first: number; last: number }[] = [];

  /** Notes that `file`'s part spans merged lines first..last. */
  add(file: JunitFile, first: number, last: number): void {
    this.parts.push({ file, first, last });
  }

  /** The file, line and column of a merged document's place; undefined outside every file's part. */
  placeOf(line: number, column: number): { path: string; line: number; column: number } | undefined {
    const part = this.parts.find((p) => p.first <= line && line <= p.last);
    if (!part) return undefined;
    // Where the part starts in its file: after the prolog (and a <testsuites> start tag), within the first KBs.
    const fd = fs.openSync(part.file.source, 'r');
    let before: string;
    try {
      before = readRange(fd, 0, part.file.start);
    } finally {
      fs.closeSync(fd);
    }
    const startLine = before.split('\n').length;
    const startColumn = before.length - before.lastIndexOf('\n');
    return line === part.first
      ? { path: part.file.path, line: startLine, column: startColumn + column - 1 }
      : { path: part.file.path, line: startLine + line - part.first, column };
  }

  /** `… at line L, column C …` of a server message, as a place in a file. */
  placeIn(message: string): { path: string; line: number; column: number } | undefined {
    const m = /\bline (\d+), column (\d+)/i.exec(message);
    return m ? this.placeOf(Number(m[1]), Number(m[2])) : undefined;
  }
}

/**
 * The merged document as a byte stream; `onFile` is told which file (0-based) is being read,
 * `map` where each file's part lies in it.
 */
export function mergedReport(files: JunitFile[], onFile: (index: number) => void = () => {}, map?: MergeMap): Readable {
  return Readable.from(
    (async function* () {
      yield OPEN;
      let line = 1 + newlines(OPEN);
      for (const [index, file] of files.entries()) {
        onFile(index);
        const first = line;
        if (file.end > file.start) {
          for await (const chunk of fs.createReadStream(file.source, { start: file.start, end: file.end - 1, highWaterMark: 256 * 1024 })) {
            line += newlines(chunk as Buffer);
            yield chunk as Buffer;
          }
        }
        map?.add(file, first, line);
        yield SEPARATOR;
        line += newlines(SEPARATOR);
      }
      yield CLOSE;
    })(),
    { objectMode: false },
  );
}

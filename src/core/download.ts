import type { Readable } from 'node:stream';

/**
 * A file a route answers instead of the JSON envelope, said without HTTP: the
 * edge (src/http/send-download.ts) turns it into headers and writes `body`.
 *
 * A handler resolves with one only once everything that can fail with an error
 * envelope has happened (the record found, the first rows read). `body` is read
 * at the client's pace; a failure of it later cuts the connection, and a client
 * that goes away destroys it (an async iterable: its `return()` runs), which is
 * how a renderer learns to stop.
 */
export interface FileDownload {
  /** Full Content-Type, charset included. */
  contentType: string;
  /** The name the file is offered under. */
  filename: string;
  body: Readable | AsyncIterable<string | Buffer>;
  /** Shown in the browser (`inline`) rather than saved; only for types a browser cannot run as a page. Default: saved. */
  inline?: boolean;
  /** Bytes of `body`, when known beforehand. */
  size?: number;
  /**
   * Bytes someone uploaded: sent so that a browser never runs them as a page of this site
   * (no sniffing of another type, a sandbox without scripts or same-origin rights).
   */
  untrusted?: boolean;
  /** Where the bytes can be fetched without us for a while (a presigned URL): answered as a 302 there, `body` unread. */
  redirect?: string;
}

/**
 * An RFC 6266 Content-Disposition: the name always quoted (every client reads that), with
 * anything but printable ASCII as `_`, and a name that is not plain ASCII whole in
 * `filename*` (RFC 8187 UTF-8), which browsers prefer. (The content-disposition package
 * leaves a plain name unquoted.)
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const plain = `${type}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`;
  if (/^[\x20-\x7e]*$/.test(name) && !/["\\]/.test(name)) return plain;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${plain}; filename*=UTF-8''${encoded}`;
}

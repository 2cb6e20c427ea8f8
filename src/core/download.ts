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
  /** The name the file is offered under (an attachment). */
  filename: string;
  body: Readable | AsyncIterable<string | Buffer>;
}

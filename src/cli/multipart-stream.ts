import crypto from 'node:crypto';
import { Readable } from 'node:stream';

// A multipart/form-data body written as a stream, part after part, each part's bytes read only
// when it is its turn: files of any size are sent without being held in memory.

export interface StreamedPart {
  field: string;
  /** Sent as the part's file name as it is: a path keeps its slashes. */
  filename: string;
  contentType: string;
  /** Opens the part's bytes when it is sent. */
  open(): Readable;
}

/** A file name as a quoted header parameter: quotes percent-encoded (as browsers do), line breaks dropped, backslashes escaped. */
const quoted = (name: string) =>
  `"${name
    .replace(/[\r\n]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '%22')}"`;

export function multipartStream(parts: StreamedPart[]): { open(): Readable; contentType: string } {
  const boundary = `casebook-${crypto.randomBytes(12).toString('hex')}`;
  // Each call reads the parts afresh (a retry after a 429 sends the body again), under the one boundary.
  const open = () =>
    Readable.from(
      (async function* () {
        for (const part of parts) {
          yield Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename=${quoted(part.filename)}\r\n` +
              `Content-Type: ${part.contentType}\r\n\r\n`,
          );
          for await (const chunk of part.open()) yield chunk as Buffer;
          yield Buffer.from('\r\n');
        }
        yield Buffer.from(`--${boundary}--\r\n`);
      })(),
      { objectMode: false },
    );
  return { open, contentType: `multipart/form-data; boundary=${boundary}` };
}

import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { AppError, badRequest } from '../core/errors';
import type { FormPart, FormParts, MultipartBody } from '../core/route';
import { bodyFault, hasBody } from './raw-body';

// Bodies of multipart routes (attachments): parsed by busboy as they arrive and handed to the
// handler part by part, a file as a stream it reads to where it goes. As with raw bodies, the
// router reads nothing before the permission check and the query's validation.

export const MULTIPART_TYPE = 'multipart/form-data';
export const MULTIPART_TYPE_MESSAGE = `Content-Type must be ${MULTIPART_TYPE}`;
export const MULTIPART_ENCODING_MESSAGE = 'Content-Encoding must be identity for a multipart body';
/** A text part larger than this is refused: text fields carry names and options, not content. */
const FIELD_BYTES = 64 * 1024;

/** A multipart body being read: its parts for the handler, and `finish` for the router once the handler is done. */
export interface MultipartReading {
  parts: FormParts;
  /** Stops reading: the rest of an unread body is read off the wire and dropped, so the answer goes out on a usable connection. */
  finish(): void;
  /**
   * What the parts read so far are, for an Idempotency-Key's fingerprint: each part's field, file
   * name and the SHA-256 of its bytes, in order (the boundary, which a client picks afresh for each
   * try, is no part of it). Complete once the handler has read every part to its end.
   */
  digest(): string;
}

/**
 * Starts reading a multipart body: 400 without one, 415 for another Content-Type or any
 * Content-Encoding (files are sent as they are), 400 for a malformed one. The parts then
 * fail with a 400 for a part the route does not take, too many files, or a body cut short.
 */
export function readMultipart(req: Request, spec: MultipartBody): MultipartReading {
  if (!hasBody(req)) throw badRequest('a body is required');
  if (!req.is(MULTIPART_TYPE)) throw new AppError('unsupported_media_type', MULTIPART_TYPE_MESSAGE);
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') throw new AppError('unsupported_media_type', MULTIPART_ENCODING_MESSAGE);
  const fields = spec.fields ?? {};
  const maxFiles = Object.values(spec.files).reduce((sum, f) => sum + f.maxCount, 0);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Browsers send file names as UTF-8.
      defParamCharset: 'utf8',
      preservePath: spec.keepPaths === true,
      // One part more than the route takes, so the first one too many is seen and named.
      limits: {
        files: maxFiles + 1,
        fields: Object.keys(fields).length + 1,
        parts: maxFiles + Object.keys(fields).length + 2,
        fieldSize: FIELD_BYTES,
      },
    });
  } catch (err) {
    throw badRequest((err as Error).message, 'malformed_request');
  }

  const queue: FormPart[] = [];
  /** Each part as the fingerprint takes it, by its place in the body. */
  const seen: string[][] = [];
  const counts = new Map<string, number>();
  let current: PassThrough | undefined;
  let failure: Error | undefined;
  let closed = false;
  let wake: (() => void) | undefined;
  const rouse = () => {
    wake?.();
    wake = undefined;
  };
  const fail = (err: Error) => {
    failure ??= err;
    // The file being read fails with it (one read to its end is left alone).
    if (current && !current.readableEnded) current.destroy(failure);
    rouse();
  };

  parser.on('file', (field, stream, info) => {
    const count = (counts.get(field) ?? 0) + 1;
    counts.set(field, count);
    const taken = spec.files[field];
    if (!taken || count > taken.maxCount || failure) {
      stream.resume();
      if (!taken) fail(badRequest(`${field}: not a file part this route takes (${Object.keys(spec.files).join(', ')})`));
      else if (count > taken.maxCount) fail(badRequest(`${field}: at most ${taken.maxCount} files`));
      return;
    }
    // The handler reads a stream of ours: faults of busboy's (a body cut short) reach it as a 400.
    const out = new PassThrough();
    // Its reader sees a failure through its own listeners; this one keeps a failure after it stopped reading from being unhandled.
    out.on('error', () => {});
    stream.on('error', (err) => {
      const fault = bodyFault(err, req);
      fail(fault instanceof AppError ? fault : badRequest(err.message, 'malformed_request'));
    });
    // Hashed as busboy hands the bytes over; set before pipe() so the digest is in before `out` ends.
    const place = seen.push(['file', field, info.filename ?? '']) - 1;
    const hash = crypto.createHash('sha256');
    stream.on('data', (chunk: Buffer) => hash.update(chunk));
    stream.on('end', () => seen[place].push(hash.digest('hex')));
    stream.pipe(out);
    current = out;
    queue.push({ kind: 'file', field, fileName: info.filename ?? '', claimedType: info.mimeType, stream: out });
    rouse();
  });
  parser.on('field', (field, value, info) => {
    if (!(field in fields)) fail(badRequest(`${field}: not a field this route takes`));
    else if (info.valueTruncated) fail(badRequest(`${field}: at most ${FIELD_BYTES} bytes`));
    else {
      seen.push(['field', field, value]);
      queue.push({ kind: 'field', field, value });
    }
    rouse();
  });
  parser.on('filesLimit', () => fail(badRequest(`at most ${maxFiles} files`)));
  parser.on('fieldsLimit', () => fail(badRequest(`at most ${Object.keys(fields).length} text fields`)));
  parser.on('partsLimit', () => fail(badRequest('too many parts')));
  parser.on('error', (err: Error) => fail(badRequest(err.message, 'malformed_request')));
  parser.on('close', () => {
    closed = true;
    rouse();
  });
  // A client gone mid-body: the request never ends, so nothing else would tell the reader.
  const cut = () => {
    if (!req.complete) fail(badRequest('body cut short', 'malformed_request'));
  };
  req.once('close', cut);
  req.once('error', cut);
  req.pipe(parser);

  async function* parts(): AsyncGenerator<FormPart> {
    for (;;) {
      if (failure) throw failure;
      const part = queue.shift();
      if (part) yield part;
      else if (closed) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  }

  return {
    parts: { [Symbol.asyncIterator]: parts },
    digest: () => JSON.stringify(seen),
    finish() {
      req.off('close', cut);
      req.off('error', cut);
      for (const part of queue) if (part.kind === 'file') part.stream.destroy();
      current?.destroy();
      if (!closed) {
        req.unpipe(parser);
        parser.destroy();
        if (!req.destroyed) req.resume();
      }
    },
  };
}

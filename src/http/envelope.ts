import zlib from 'node:zlib';
import type { Response } from 'express';
import { statusOf, type ErrorCode } from '../core/error-codes';
import { JsonText } from '../core/json-text';

/**
 * `data` as JSON. A JsonText (a list PostgreSQL wrote), as the data or as a field
 * of it, goes in as its text: nothing parses and re-serializes it.
 */
function serialize(data: unknown): string {
  if (data instanceof JsonText) return data.text;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return JSON.stringify(data) ?? 'null';
  const fields = Object.entries(data);
  if (!fields.some(([, v]) => v instanceof JsonText)) return JSON.stringify(data);
  // Joined by +, which links the texts (a page's is ~100 kB) where join would copy them once more before the answer's own copy.
  let text = '';
  for (const [key, value] of fields) {
    const json = value instanceof JsonText ? value.text : (JSON.stringify(value) as string | undefined);
    if (json !== undefined) text += `${text ? ',' : ''}${JSON.stringify(key)}:${json}`; // undefined fields are left out, as JSON.stringify does
  }
  return `{${text}}`;
}

/** The success envelope's text. */
export const envelopeJson = (data: unknown, status: number): string => `{"data":${serialize(data)},"status":${status}}`;

/** Smaller answers go out as they are: gzip would gain a few bytes for its framing and a call (the compression middleware's own threshold). */
export const GZIP_THRESHOLD = 1024;

/** `json` gzipped, off the event loop. */
export const gzipText = (json: string): Promise<Buffer> =>
  new Promise((resolve, reject) => zlib.gzip(json, (err, gzipped) => (err ? reject(err) : resolve(gzipped))));

/**
 * Sends a JSON text as it is, without res.send's type lookup and freshness checks (a read's
 * 304 is decided before its answer is built). One of 1 kB or more, to a client that takes gzip,
 * is gzipped here in one call off the event loop (or is `gzipped`, when the caller has it made
 * or kept for another use too), with its Content-Length: the compression middleware would pipe it
 * through a zlib stream in 16 kB chunks, and that stream's machinery costs a page of 100 tests more
 * CPU and garbage than the answer's own code. API answers do not pass through that middleware (src/app.ts).
 */
export function sendJsonText(res: Response, status: number, json: string, gzipped?: Promise<Buffer> | Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (json.length >= GZIP_THRESHOLD) res.vary('Accept-Encoding');
  if (json.length < GZIP_THRESHOLD || res.req.acceptsEncodings('gzip') !== 'gzip') {
    res.setHeader('Content-Length', Buffer.byteLength(json));
    res.end(json);
    return;
  }
  const send = (body: Buffer) => {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', body.length);
    res.end(body);
  };
  if (Buffer.isBuffer(gzipped)) return send(gzipped);
  (gzipped ?? gzipText(json)).then(send, (err: unknown) => res.destroy(err instanceof Error ? err : new Error(String(err))));
}

export function sendData(res: Response, data: unknown, status = 200): void {
  sendJsonText(res, status, envelopeJson(data, status));
}

/** The error envelope `{ error, status, code }`: the code's status (src/core/error-codes.ts) is the HTTP status. */
export function sendError(res: Response, code: ErrorCode, error: string): void {
  const status = statusOf(code);
  sendJsonText(res, status, JSON.stringify({ error, status, code }));
}

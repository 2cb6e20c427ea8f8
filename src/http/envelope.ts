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

/** The compression middleware's own threshold (its default, 1 kB): smaller answers go out as they are. */
export const GZIP_THRESHOLD = 1024;

/**
 * Sends a JSON text as it is, as res.send would with Express's ETags off, without its
 * type lookup and freshness checks (a read's 304 is decided before its answer is built).
 * An answer the compression middleware will gzip gets no Content-Length: it would drop it,
 * and counting the bytes of a page of 100 tests is a scan of ~100 kB.
 */
export function sendJsonText(res: Response, status: number, json: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (json.length < GZIP_THRESHOLD || !/\bgzip\b/.test(res.req.headers['accept-encoding'] ?? '')) {
    res.setHeader('Content-Length', Buffer.byteLength(json));
  }
  res.end(json);
}

export function sendData(res: Response, data: unknown, status = 200): void {
  sendJsonText(res, status, envelopeJson(data, status));
}

/** The error envelope `{ error, status, code }`: the code's status (src/core/error-codes.ts) is the HTTP status. */
export function sendError(res: Response, code: ErrorCode, error: string): void {
  const status = statusOf(code);
  res.status(status).json({ error, status, code });
}

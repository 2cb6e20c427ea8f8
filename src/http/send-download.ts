import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { FileDownload } from '../core/download';

/**
 * Answers a download: its headers, then its body piped to the response, so a
 * slow client holds the body back instead of it piling up in memory. A client
 * that goes away mid-file destroys the body (its renderer stops) and resolves
 * quietly; any other failure rejects, and as the first byte is out by then, the
 * error handler cuts the connection.
 */
export async function sendDownload(res: Response, download: FileDownload): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', download.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${download.filename}"`);
  const body = download.body instanceof Readable ? download.body : Readable.from(download.body, { objectMode: false });
  try {
    await pipeline(body, res);
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    throw err;
  }
}

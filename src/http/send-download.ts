import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import compression from 'compression';
import type { Response } from 'express';
import { contentDisposition, type FileDownload } from '../core/download';

const compress = compression();

/**
 * Answers a download: its headers, then its body piped to the response, so a
 * slow client holds the body back instead of it piling up in memory. A client
 * that goes away mid-file destroys the body (its renderer stops) and resolves
 * quietly; any other failure rejects, and as the first byte is out by then, the
 * error handler cuts the connection. A client that reads nothing for
 * `idleTimeoutMs` is cut like one that went away (see cutWhenUnread).
 */
export async function sendDownload(res: Response, download: FileDownload, { idleTimeoutMs }: { idleTimeoutMs: number }): Promise<void> {
  // Reports and exports shrink ~10x; API answers skip the app's compression middleware (src/app.ts), so a download takes it here.
  compress(res.req, res, () => {});
  if (download.untrusted) {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', 'sandbox');
  }
  if (download.redirect) {
    if (download.body instanceof Readable) download.body.destroy();
    res.redirect(302, download.redirect);
    return;
  }
  res.status(200);
  // Stored bytes other than text are images, video, archives or binaries: compressing them on the
  // fly (compression takes application/octet-stream for compressible) costs a core and gains nothing.
  if (download.untrusted && !download.contentType.startsWith('text/')) res.setHeader('Cache-Control', 'no-store, no-transform');
  res.setHeader('Content-Type', download.contentType);
  res.setHeader('Content-Disposition', contentDisposition(download.inline ? 'inline' : 'attachment', download.filename));
  if (download.size !== undefined) res.setHeader('Content-Length', String(download.size));
  const body = download.body instanceof Readable ? download.body : Readable.from(download.body, { objectMode: false });
  const stopWatching = cutWhenUnread(res, idleTimeoutMs);
  try {
    await pipeline(body, res);
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    throw err;
  } finally {
    stopWatching();
  }
}

/**
 * Cuts the response when bytes wait to be sent and the socket has taken none of
 * them for `ms`: the client reads nothing (its receive window and our send buffer
 * are full), yet it holds a render slot. Progress is what the socket actually
 * passed to the kernel (writes completed, libuv's queue shrinking), not what the
 * renderer wrote into the stream's buffer. While nothing waits, the clock does not
 * run: a render slow to produce (before its first byte or between batches) is not
 * the client's doing.
 *
 * The kernel reports room in the send buffer only once about a third of it has
 * drained, so a client reading slower than that much per `ms` (some 1 MB in 30 s
 * on a loopback socket) counts as idle too.
 */
function cutWhenUnread(res: Response, ms: number): () => void {
  const socket = res.socket;
  if (!socket || ms <= 0) return () => {};
  // libuv's bytes still queued for the kernel: shrinks on partial writes (not public, read only when present).
  const queued = () => {
    const size = (socket as unknown as { _handle?: { writeQueueSize?: unknown } })._handle?.writeQueueSize;
    return typeof size === 'number' ? size : 0;
  };
  let mark = '';
  let since = Date.now();
  const timer = setInterval(
    () => {
      if (socket.destroyed) return clearInterval(timer);
      // bytesWritten counts what is still buffered; writableLength is that buffer (and the write in flight).
      const progress = `${socket.bytesWritten - socket.writableLength}/${queued()}`;
      if (res.writableLength === 0 || progress !== mark) {
        mark = progress;
        since = Date.now();
      } else if (Date.now() - since >= ms) {
        clearInterval(timer);
        res.req.log?.info(`download cut: the client read nothing for ${ms} ms`);
        res.destroy();
      }
    },
    Math.max(10, Math.min(1000, Math.floor(ms / 5))),
  );
  timer.unref();
  return () => clearInterval(timer);
}

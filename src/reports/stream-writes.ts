import { PassThrough, Transform, type Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

// Writing a report to a response without holding it all in memory: wait for
// 'drain' when the socket is behind, give up when the client went away.

/**
 * What `write` writes, as a stream to read. `write` starts at once and waits for
 * 'drain' whenever the reader is behind, so at most a buffer's worth waits in
 * memory. Renderers write into this plain stream rather than to the response:
 * the compression middleware's response drops no 'drain' listener it was given,
 * so waiting on it write after write would pile them up. A failure of `write`
 * destroys the stream with its error; a reader that goes away destroys it, so
 * the next write fails and `write` ends, its error no longer anyone's concern.
 */
export function writtenBy(write: (out: Writable) => Promise<void>): Readable {
  const out = new PassThrough();
  write(out).catch((err: Error) => out.destroy(err));
  return out;
}

/** Resolves on 'drain'; rejects if the stream closes or fails first. */
export function drained(out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('client closed the connection'));
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', done);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('client closed the connection'));
    out.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', done);
  });
}

/** Writes `chunk`, waiting for 'drain' when the buffer is full. */
export function writeChunk(out: Writable, chunk: string | Buffer): Promise<void> | void {
  if (out.destroyed) throw new Error('client closed the connection');
  if (!out.write(chunk)) return drained(out);
}

/** Ends the stream with `chunk` and resolves once everything is flushed. */
export async function endStream(out: Writable, chunk?: string | Buffer): Promise<void> {
  if (chunk === undefined) out.end();
  else out.end(chunk);
  await finished(out);
}

/**
 * Joins small chunks (a CSV row each) into blocks of about `bytes`: every write
 * to a response costs a system call, and a compressor's work per call.
 */
export function coalesce(bytes = 64 * 1024): Transform {
  let pending: Buffer[] = [];
  let size = 0;
  const take = () => {
    const block = Buffer.concat(pending, size);
    pending = [];
    size = 0;
    return block;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      pending.push(chunk);
      size += chunk.length;
      callback(null, size >= bytes ? take() : undefined);
    },
    flush(callback) {
      callback(null, size > 0 ? take() : undefined);
    },
  });
}

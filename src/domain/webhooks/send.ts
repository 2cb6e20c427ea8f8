import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, hostOf, isRefusedAddress } from './target-guard';

/** What one POST to a webhook's URL gave. */
export interface SendOutcome {
  /** Null: no answer (a refused target, a network error, the timeout). */
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The start of the answer's body (RESPONSE_BODY_LIMIT). */
  responseBody: string | null;
}

export const RESPONSE_BODY_LIMIT = 4096;

/** POSTs `body` to `url` with `headers`, within `timeoutMs`, to a public address unless `allowPrivate`. */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendOutcome> {
  const started = performance.now();
  const done = (o: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({ ...o, durationMs: Math.round(performance.now() - started) });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(done({ statusCode: null, error: 'not a URL', responseBody: null }));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.resolve(done({ statusCode: null, error: `refused: ${target.protocol} is not http(s)`, responseBody: null }));
  }
  // A literal address never reaches `lookup`: checked here.
  const host = hostOf(target);
  if (!options.allowPrivate && net.isIP(host) && isRefusedAddress(host)) {
    return Promise.resolve(
      done({ statusCode: null, error: `refused: ${host} is a loopback, private, link-local or reserved address`, responseBody: null }),
    );
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (o: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(o));
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Casebook-Webhooks',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        lookup: guardedLookup(options.allowPrivate),
        agent: false, // a connection per delivery: the address is checked for each
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_BODY_LIMIT) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on('end', () =>
          finish({
            statusCode: res.statusCode ?? null,
            error: null,
            responseBody: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
          }),
        );
        res.on('error', (err) => finish({ statusCode: res.statusCode ?? null, error: err.message, responseBody: null }));
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `no answer within ${options.timeoutMs} ms`, responseBody: null });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({
        statusCode: null,
        error: err.code === 'WEBHOOK_TARGET_REFUSED' ? `refused: ${err.message}` : err.message,
        responseBody: null,
      }),
    );
    req.end(body);
  });
}

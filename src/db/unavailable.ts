// Errors that mean "the database is not there" rather than "this request is
// wrong", in each shape they reach us: Prisma's own codes, the pg adapter's
// error kinds (under `meta.driverAdapterError` of a Prisma error), pg's and
// node's errors with their SQLSTATE or errno codes, and a few bare messages.

// P1001 can't reach, P1002 timed out, P1008 operation timed out, P1017 connection closed, P2024 pool timeout.
const prismaCodes = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const adapterKinds = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'DatabaseDoesNotExist']);
const errnoCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE class 08 (connection exception); 57P01-57P03: the server is shutting down, crashed or starting.
const sqlStates = /^(08[0-9A-Z]{3}|57P0[1-3])$/;
const messages =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|Connection terminated|Server has closed the connection|is not queryable|timeout exceeded when trying to connect|Can't reach database/i;

interface ErrorLike {
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

function unavailable(e: ErrorLike): boolean {
  if (typeof e.code === 'string' && (prismaCodes.has(e.code) || errnoCodes.has(e.code) || sqlStates.test(e.code))) return true;
  if (typeof e.originalCode === 'string' && sqlStates.test(e.originalCode)) return true;
  if (typeof e.kind === 'string' && adapterKinds.has(e.kind)) return true;
  return typeof e.message === 'string' && messages.test(e.message);
}

export function isDatabaseUnavailable(err: unknown): boolean {
  const queue: unknown[] = [err];
  for (let seen = 0; queue.length && seen < 10; seen++) {
    const e = queue.shift();
    if (!e || typeof e !== 'object') continue;
    const error = e as ErrorLike;
    if (unavailable(error)) return true;
    queue.push(error.cause, error.meta?.driverAdapterError);
  }
  return false;
}

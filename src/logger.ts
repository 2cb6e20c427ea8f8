import pino from 'pino';
import type prettyModule from 'pino-pretty';

// Structured logs. Credentials never reach them: these paths are censored in
// every record, including the request logs of pino-http.
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.query.token',
  'req.query.access_token',
];

/** A logger writing to `destination`, else to stdout in the form stdoutDestination chooses. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options = { level, redact: { paths: redactPaths, censor: '[redacted]' } };
  const to = destination ?? stdoutDestination(process.stdout);
  return to ? pino(options, to) : pino(options);
}

/**
 * How logs reach stdout: readable lines (pino-pretty: time, level, message, then the fields) for a
 * person at a terminal, as under `npm start`; undefined for anything else (a pipe, a file, a log
 * collector), where pino writes its JSON lines, one record each, as machines read them.
 */
export function stdoutDestination(stdout: NodeJS.WritableStream & { isTTY?: boolean }): pino.DestinationStream | undefined {
  if (stdout.isTTY !== true) return undefined;
  // Synchronous, as pino's own stdout: a line logged just before the process ends is not lost.
  // Colored unless the terminal cannot show it or NO_COLOR asks not to (pino-pretty's default).
  // Loaded only here (~10 MB resident): a server logging to a pipe never needs it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy on purpose (see above)
  const pretty = require('pino-pretty') as typeof prettyModule;
  return pretty({ destination: stdout, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}
export type Logger = pino.Logger;

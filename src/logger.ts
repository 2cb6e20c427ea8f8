import pino from 'pino';

// Structured logs. Credentials never reach them: these paths are censored in
// every record, including the request logs of pino-http.
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.query.token',
  'req.query.access_token',
];

export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options = { level, redact: { paths: redactPaths, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
export type Logger = pino.Logger;

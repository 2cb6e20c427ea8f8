import { Writable } from 'node:stream';
import pino from 'pino';
import { redactPaths, stdoutDestination } from '../../src/logger';

// Where stdout logs go: pino-pretty's readable lines for a terminal, pino's JSON lines (its
// default destination) for anything else. test/cli/serve-logs.test.ts runs the real command both ways.

function terminal(): Writable & { isTTY: true; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return Object.assign(stream, { isTTY: true as const, text: () => text });
}

it('leaves anything but a terminal to pino (JSON lines)', () => {
  expect(stdoutDestination(new Writable())).toBeUndefined();
  expect(stdoutDestination(Object.assign(new Writable(), { isTTY: false }))).toBeUndefined();
});

it('writes readable lines to a terminal, at once, with credentials still censored', () => {
  const tty = terminal();
  const destination = stdoutDestination(tty);
  expect(destination).toBeDefined();
  const logger = pino({ level: 'info', redact: { paths: redactPaths, censor: '[redacted]' } }, destination);
  logger.info({ url: 'http://127.0.0.1:3000', req: { headers: { authorization: 'Bearer cb_secret' } } }, 'Casebook is serving');
  // eslint-disable-next-line no-control-regex -- colors, if the terminal shows them
  const text = tty.text().replace(/\u001b\[[0-9;]*m/g, '');
  expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Casebook is serving\n {4}url: "http:\/\/127\.0\.0\.1:3000"\n/);
  expect(text).toContain('"authorization": "[redacted]"');
  expect(text).not.toContain('cb_secret');
});

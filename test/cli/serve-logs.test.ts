import { spawn } from 'node:child_process';
import { casebookBin } from '../support/cli';
import { createTestDatabase } from '../support/postgres';

// `casebook serve` (what `npm start` runs) logs readable lines to a terminal and JSON lines to
// anything else. The terminal is a real pseudo-terminal: util-linux's `script` runs the command
// on one, as a shell in a terminal window would.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

/** Serves until it says so, then stops it (SIGTERM, which `script` passes on); everything it wrote to stdout. */
function serveUntilServing(onTerminal: boolean): Promise<string> {
  const env = { PATH: process.env.PATH ?? '', DATABASE_URL: db.url, PORT: '0', LOG_LEVEL: 'info', TERM: 'xterm' };
  const quoted = [process.execPath, casebookBin, 'serve'].map((arg) => `'${arg}'`).join(' ');
  const child = onTerminal
    ? spawn('script', ['--quiet', '--flush', '--return', '--command', quoted, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] })
    : spawn(process.execPath, [casebookBin, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Casebook is serving')) child.kill('SIGTERM');
    });
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

// eslint-disable-next-line no-control-regex -- the terminal's colors are escape sequences
const withoutColors = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r\n/g, '\n');

it('prints readable lines on a terminal: time, level and message, then the fields', async () => {
  const out = withoutColors(await serveUntilServing(true));
  expect(out).toMatch(
    /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Casebook is serving\n {4}url: "http:\/\/127\.0\.0\.1:\d+"\n {4}database: "postgresql"$/m,
  );
  expect(out).not.toMatch(/^\{"level"/m);
}, 60_000);

it('prints JSON lines, one record each, when stdout is not a terminal', async () => {
  const records = (await serveUntilServing(false))
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(records.find((r) => r.msg === 'Casebook is serving')).toMatchObject({
    level: 30,
    url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    database: 'postgresql',
  });
}, 60_000);

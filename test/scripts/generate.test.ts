import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generatedPaths } from '../../scripts/generated-paths';

// `npm run generate` on a copy of the generated files (--root), so the repository's own
// stay as they are: --check names exactly the files that differ and writes nothing;
// without it the same command makes the copy what the repository holds.

const root = path.resolve(__dirname, '../..');
const files = Object.values(generatedPaths);
let copy: string;

async function generate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['scripts/generate.ts', ...args, '--root', copy], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const read = (dir: string, file: string) =>
  fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), 'utf8') : undefined;

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-generate-test-'));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(copy, file));
  }
});
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

it('--check fails naming each stale file and writes nothing; generate then rewrites them', async () => {
  // A hand edit, a README whose MCP table lost a row, and a missing file.
  fs.appendFileSync(path.join(copy, generatedPaths.apiMarkdown), '\nEdited by hand.\n');
  const readme = read(copy, generatedPaths.readme)!;
  const row = readme.split('\n').find((line) => line.startsWith('| `get-runs` |'))!;
  expect(row).toBeDefined();
  fs.writeFileSync(path.join(copy, generatedPaths.readme), readme.replace(`${row}\n`, ''));
  fs.rmSync(path.join(copy, generatedPaths.postmanSmoke));
  const before = new Map(files.map((file) => [file, read(copy, file)]));

  const check = await generate('--check');
  expect(check.code).toBe(1);
  const named = check.stderr.split('\n').filter((line) => line.startsWith('stale: '));
  expect(named.sort()).toEqual(
    [generatedPaths.apiMarkdown, generatedPaths.readme, generatedPaths.postmanSmoke].map((file) => `stale: ${file}`).sort(),
  );
  for (const file of files) expect({ file, content: read(copy, file) }).toEqual({ file, content: before.get(file) });

  const write = await generate();
  expect(write.code).toBe(0);
  expect(
    write.stdout
      .split('\n')
      .filter((line) => line.startsWith('wrote '))
      .sort(),
  ).toEqual([generatedPaths.apiMarkdown, generatedPaths.readme, generatedPaths.postmanSmoke].map((file) => `wrote ${file}`).sort());
  for (const file of files) expect({ file, same: read(copy, file) === read(root, file) }).toEqual({ file, same: true });
}, 300_000);

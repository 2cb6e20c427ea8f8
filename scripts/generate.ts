// `npm run generate`: rewrites every generated file (scripts/generated-files.ts) that
// differs from what the code generates. `npm run generate -- --check` writes nothing
// and fails naming each file that differs (CI runs it). `--root DIR` reads and writes
// the files under DIR instead of the repository (the tests check a copy).
import fs from 'node:fs';
import path from 'node:path';
import { generateAll } from './generated-files';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

async function main() {
  const check = process.argv.includes('--check');
  const root = path.resolve(option('--root') ?? path.join(__dirname, '..'));
  const read = (file: string) => {
    try {
      return fs.readFileSync(path.join(root, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  const stale: string[] = [];
  for (const [file, content] of await generateAll(root)) {
    if (read(file) === content) continue;
    stale.push(file);
    if (check) continue;
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
    process.stdout.write(`wrote ${file}\n`);
  }
  if (stale.length === 0) {
    process.stdout.write('every generated file is current\n');
    return;
  }
  if (!check) return;
  process.stderr.write(
    `${stale.map((file) => `stale: ${file}`).join('\n')}\n` +
      `${stale.length} generated file(s) differ from what the code generates: run \`npm run generate\` and commit them.\n`,
  );
  process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});

import fs from 'node:fs';
import path from 'node:path';

// The guides name files so a reader can open them: each one named must exist, so a
// rename or a removal that leaves a guide behind fails here, naming the guide and the path.

const root = path.resolve(__dirname, '../..');
const guides = ['CONTRIBUTING.md', 'docs/architecture.md'];

/** Paths in code spans (`src/app.ts`; none with a <placeholder> or a glob) and relative link targets. */
function namedPaths(guide: string): string[] {
  const text = fs.readFileSync(path.join(root, guide), 'utf8');
  const spans = [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1])
    .filter((p) => /^(\.ci|src|web|test|scripts|prisma|docs|postman|bench|bin)\/[\w./-]*$/.test(p) || /^[\w.-]+\.(md|yaml|cjs)$/.test(p));
  const links = [...text.matchAll(/\]\(([^)#\s]+)\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => path.relative(root, path.resolve(root, path.dirname(guide), target)));
  return [...new Set([...spans, ...links])];
}

it.each(guides)('%s names only files and folders that exist', (guide) => {
  const named = namedPaths(guide);
  expect(named.length).toBeGreaterThan(10);
  const missing = named.filter((p) => !fs.existsSync(path.join(root, p)));
  expect({ guide, missing }).toEqual({ guide, missing: [] });
});

it('reads paths out of code spans and links, and a missing one is reported', () => {
  const file = path.join(root, 'test-output', 'docs-paths-probe.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'See `src/app.ts`, `src/domain/<feature>/`, [the reference](../docs/api.md) and `src/no-such-file.ts`.');
  try {
    const named = namedPaths(path.relative(root, file));
    expect(named.sort()).toEqual(['docs/api.md', 'src/app.ts', 'src/no-such-file.ts']);
    expect(named.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual(['src/no-such-file.ts']);
  } finally {
    fs.rmSync(file);
  }
});

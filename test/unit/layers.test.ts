import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The layer rules of .dependency-cruiser.cjs, run by `npm run lint`: the real tree
// passes them, and a tree with one deliberate back-import fails them.

const root = path.resolve(__dirname, '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');

function cruise(cwd: string) {
  const run = spawnSync(depcruise, ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd, encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

function scratchTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
  cpSync(path.join(root, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'commonjs', strict: true } }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

test('the source tree keeps its layers', () => {
  const { status, out } = cruise(root);
  expect(out).not.toMatch(/error /);
  expect(status).toBe(0);
});

test('a back-import from the domain into the HTTP edge fails the rules', () => {
  const dir = scratchTree({
    'src/http/api-router.ts': 'export const router = 1;\n',
    'src/core/errors.ts': 'export const code = 1;\n',
    'src/domain/tests/service.ts':
      "import { code } from '../../core/errors';\nimport { router } from '../../http/api-router';\nexport const x = code + router;\n",
  });
  try {
    const { status, out } = cruise(dir);
    expect(status).not.toBe(0);
    expect(out).toContain('no-import-up-from-domain: src/domain/tests/service.ts → src/http/api-router.ts');
    // The downward import is allowed.
    expect(out).not.toContain('src/core/errors.ts');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a downward-only tree passes', () => {
  const dir = scratchTree({
    'src/core/errors.ts': 'export const code = 1;\n',
    'src/http/api-router.ts': "import { code } from '../core/errors';\nexport const router = code;\n",
  });
  try {
    expect(cruise(dir).status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

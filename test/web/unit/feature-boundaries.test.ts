import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The web app's import rules in eslint.config.mjs (run by `npm run lint`), checked on snippets
// placed where they would live: a feature reaches another feature only through its index.ts,
// shared folders reach no feature, and query keys come from each feature's factory.

interface Message {
  line: number;
  ruleId: string | null;
  message: string;
}

function lint(files: Record<string, string>): Record<string, Message[]> {
  const stdout = execFileSync(process.execPath, [path.resolve(__dirname, '../support/lint-snippets.mjs')], {
    input: JSON.stringify({ rules: ['boundaries/dependencies', 'no-restricted-syntax'], files }),
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as Record<string, Message[]>;
}

const lines = (messages: Message[], ruleId: string) => messages.filter((m) => m.ruleId === ruleId).map((m) => m.line);

let results: Record<string, Message[]>;
beforeAll(() => {
  results = lint({
    'web/src/features/test-cases/components/probe.tsx': [
      "import { useCreateRun } from '../../runs/api/create-run';",
      "import { useRunDetail } from '../../runs';",
      "import type { Role } from '../../auth/use-role';",
      "import { sectionPath } from '../section-tree';",
      "import { Dialog } from '../../../components/dialog';",
      'export const probe = [useCreateRun, useRunDetail, sectionPath, Dialog] as unknown as Role;',
    ].join('\n'),
    'web/src/components/probe.tsx': ["import { useMe } from '../features/auth';", 'export const probe = useMe;'].join('\n'),
    'web/src/app/probe.tsx': [
      "import { useMe } from '../features/auth/api/get-me';",
      "import { useOrgs } from '../features/auth';",
      'export const probe = [useMe, useOrgs];',
    ].join('\n'),
    'web/src/features/runs/api/probe.ts': [
      "import { useQuery, useQueryClient } from '@tanstack/react-query';",
      "import { runKeys } from './query-keys';",
      "export const a = () => useQuery({ queryKey: ['runs', 1], queryFn: () => 1 });",
      'export const b = () => useQuery({ queryKey: runKeys.all(1), queryFn: () => 1 });',
      "export const c = () => useQueryClient().setQueryData(['runs', 1], 1);",
    ].join('\n'),
    'web/src/features/runs/api/query-keys.ts': "export const runKeys = { all: (projectId: number) => ['runs', projectId] as const };",
  });
}, 60_000);

it("refuses a feature's import of another feature's files, value or type, and allows its public entry and its own files", () => {
  const messages = results['web/src/features/test-cases/components/probe.tsx'];
  expect(lines(messages, 'boundaries/dependencies')).toEqual([1, 3]);
  expect(messages[0].message).toContain("only through its public entry: import from 'features/runs'");
});

it('refuses a shared part that depends on a feature', () => {
  expect(lines(results['web/src/components/probe.tsx'], 'boundaries/dependencies')).toEqual([1]);
});

it('lets the app use features through their public entries only', () => {
  expect(lines(results['web/src/app/probe.tsx'], 'boundaries/dependencies')).toEqual([1]);
});

it("refuses a query key written outside the feature's factory", () => {
  expect(lines(results['web/src/features/runs/api/probe.ts'], 'no-restricted-syntax')).toEqual([3, 5]);
  expect(results['web/src/features/runs/api/query-keys.ts']).toEqual([]);
});

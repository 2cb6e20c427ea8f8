// Lints code snippets as if they were files of the repository, with its eslint.config.mjs, and
// prints the messages of the rules asked for as JSON. A child process: ESLint loads the config
// with import(), which jest's module system does not run. The snippets' files need not exist, so
// type-aware parsing (which reads the real files) is off; the rules asked for do not need it.
// Input on stdin: {"rules": ["boundaries/dependencies"], "files": {"web/src/...tsx": "code"}}.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const { rules, files } = JSON.parse(readFileSync(0, 'utf8'));
const eslint = new ESLint({
  cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'),
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked, languageOptions: { parserOptions: { projectService: false } } },
  ],
  ruleFilter: ({ ruleId }) => rules.includes(ruleId),
});
const out = {};
for (const [filePath, code] of Object.entries(files)) {
  const [result] = await eslint.lintText(code, { filePath });
  out[filePath] = result.messages.map((m) => ({ line: m.line, ruleId: m.ruleId, message: m.message }));
}
process.stdout.write(JSON.stringify(out));

import fs from 'node:fs';
import path from 'node:path';
import { toolsMarkdownTableFromPolicy } from '../src/mcp/tools-table';

// The README documents generated facts; these tests keep it from drifting.
const readme = fs.readFileSync(path.resolve(__dirname, '../README.md'), 'utf8');

it('carries the current MCP tools table (regenerate with npm run generate)', async () => {
  const table = await toolsMarkdownTableFromPolicy();
  const block = /<!-- tools-table:start -->\n([\s\S]*?)\n<!-- tools-table:end -->/.exec(readme)?.[1];
  expect(block?.trim()).toBe(table.trim());
});

it('names the two set-up commands', () => {
  expect(readme).toContain('npm install && npm start');
  expect(readme).toContain('npm install && npm test');
});

it('links the guides, each of which exists', () => {
  for (const guide of ['CONTRIBUTING.md', 'docs/architecture.md', 'docs/api.md']) {
    expect(readme).toContain(`](${guide})`);
    expect(fs.existsSync(path.resolve(__dirname, '..', guide))).toBe(true);
  }
});

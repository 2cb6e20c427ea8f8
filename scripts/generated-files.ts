// Every file the code generates, and how: `npm run generate` writes them, `-- --check`
// compares them. One pipeline from the route table: the OpenAPI document first, and
// everything made from it (Postman files, the web app's API types, docs/api.md) from
// that document as generated, never from a committed copy that may be stale.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { errorCodesMarkdown } from '../src/core/error-codes-doc';
import { toolsMarkdownTableFromPolicy } from '../src/mcp/tools-table';
import { generateOpenApiDocument } from '../src/openapi/document';
import { openApiYaml } from '../src/openapi/yaml';
import { apiMarkdown, type OpenApi } from './api-markdown';
import { generatedPaths } from './generated-paths';
import { toolsListJson } from './mcp-tools-list';
import { buildCollection, buildEnvironment, buildSmokeCollection, toJson } from './postman-collection';

const TABLE_START = '<!-- tools-table:start -->';
const TABLE_END = '<!-- tools-table:end -->';

/** The README with the MCP tools table between its markers replaced by `table`. */
function withToolsTable(readme: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${TABLE_START} … ${TABLE_END} block for the MCP tools table`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${table.trim()}\n${readme.slice(end)}`;
}

/** What `openapi-typescript` (the CLI web-build.js runs at install) makes of `yaml`. */
function apiTypes(yaml: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-generate-'));
  try {
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), yaml);
    const cli = path.join(path.dirname(require.resolve('openapi-typescript/package.json')), 'bin/cli.js');
    execFileSync(process.execPath, [cli, 'openapi.yaml', '-o', 'api-types.ts'], { cwd: dir, stdio: 'pipe' });
    return fs.readFileSync(path.join(dir, 'api-types.ts'), 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The content of every generated file, by its path from the root. `root` is where the
 * files that are only partly generated are read from (the README around its table).
 */
export async function generateAll(root: string): Promise<Map<string, string>> {
  const doc = await generateOpenApiDocument();
  // A document that is not valid OpenAPI is refused before anything is written (the parser works on a copy).
  await SwaggerParser.validate(structuredClone(doc) as never);
  const yaml = openApiYaml(doc);
  const collection = await buildCollection(yaml);
  const readme = fs.readFileSync(path.join(root, generatedPaths.readme), 'utf8');
  return new Map([
    [generatedPaths.openapi, yaml],
    [generatedPaths.postmanCollection, toJson(collection)],
    [generatedPaths.postmanEnvironment, toJson(buildEnvironment())],
    [generatedPaths.postmanSmoke, toJson(buildSmokeCollection(collection))],
    [generatedPaths.apiTypes, apiTypes(yaml)],
    [generatedPaths.readme, withToolsTable(readme, await toolsMarkdownTableFromPolicy())],
    [generatedPaths.toolsList, await toolsListJson()],
    [generatedPaths.apiMarkdown, apiMarkdown(doc as unknown as OpenApi)],
    [generatedPaths.errorCodes, errorCodesMarkdown()],
  ]);
}

import { metadataTools } from './metadata-tools';
import { projectTools, userTools } from './project-tools';
import { runTools } from './run-tools';
import { testTools } from './test-tools';
import { z, type ToolSpec } from './tool-spec';

/**
 * The table of tools: one row per tool of the service description. It drives
 * the MCP registration, the HTTP call of every tool, the README table and the tests.
 */
export const tools: ToolSpec[] = [...projectTools, ...testTools, ...runTools, ...metadataTools, ...userTools];

export const toolsByName = new Map(tools.map((t) => [t.name, t]));

/** Unknown parameters are refused by name rather than dropped, so a misspelt one is noticed. */
export function inputSchema(spec: ToolSpec) {
  return z.strictObject(spec.input);
}

/** The description a client shows: what, when, and a call that works. */
export function fullDescription(spec: ToolSpec): string {
  return `${spec.description}\n\nExample: ${JSON.stringify(spec.example)}`;
}

/** Parameter names a call must carry. */
export function requiredParams(spec: ToolSpec): string[] {
  return Object.entries(spec.input)
    .filter(([, schema]) => !z.safeParse(schema, undefined).success)
    .map(([name]) => name);
}

export type { ToolSpec };

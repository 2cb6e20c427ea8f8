import { z } from 'zod';
import { loadRbac } from '../auth/rbac';
import { inputSchema, leastRole, tools, type ToolSpec } from './tools';
import { CORE_TOOLS, toolsetOf } from './toolsets';

// The README's table of tools, generated from the tool table:
//   npx tsx src/mcp/tools-table.ts

interface JsonSchema {
  type?: string;
  enum?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

function typeName(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.join(' \\| ');
  if (schema.anyOf)
    return schema.anyOf
      .filter((s) => s.type !== 'null')
      .map(typeName)
      .join(' \\| ');
  if (schema.type === 'array') return `${schema.items ? typeName(schema.items) : 'value'}[]`;
  if (schema.type === 'integer') return 'number';
  return schema.type ?? 'value';
}

export function parameterList(spec: ToolSpec): string {
  const schema = z.toJSONSchema(inputSchema(spec), { io: 'input' }) as JsonSchema;
  const required = new Set(schema.required ?? []);
  const params = Object.entries(schema.properties ?? {}).map(([name, p]) => `${name}${required.has(name) ? '\\*' : ''} (${typeName(p)})`);
  return params.length ? params.join(', ') : '—';
}

/** The sets that offer a tool: its table's, and core when a session offers it by default. */
const setsOf = (spec: ToolSpec) =>
  [...((CORE_TOOLS as readonly string[]).includes(spec.name) ? ['**core**'] : []), toolsetOf.get(spec.name)].join(', ');

export function toolsMarkdownTable(minimumRole: (spec: ToolSpec) => string): string {
  const rows = tools.map((spec) => {
    const what = spec.description.split(/(?<=\.)(?<!e\.g\.)\s/)[0];
    return `| \`${spec.name}\` | ${what} | ${parameterList(spec)} | ${spec.method} /api/v1${spec.path} | ${minimumRole(spec)} | ${setsOf(spec)} |`;
  });
  return [
    '| Tool | What it does | Parameters (\\* required) | REST call | Least role | Tool sets |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The table with each tool's least role, as the Casbin policy decides it. */
export async function toolsMarkdownTableFromPolicy(): Promise<string> {
  const rbac = await loadRbac();
  return toolsMarkdownTable((spec) => leastRole(rbac, spec.rbac.resource, spec.rbac.action) ?? '—');
}

if (require.main === module) {
  void toolsMarkdownTableFromPolicy().then((table) => process.stdout.write(`${table}\n`));
}

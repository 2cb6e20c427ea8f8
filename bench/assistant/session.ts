/**
 * The assistant's side of the bench: the MCP SDK's client on `casebook mcp` over stdio
 * (as a desktop assistant starts it) or on the app's /mcp, and a `call` that counts what each job costs.
 * Characters exchanged are those a model reads and writes: the JSON of the arguments
 * plus the text of the answer's content; structuredContent is counted beside them
 * (a client hands the model one or the other).
 */
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const root = path.resolve(__dirname, '../..');

export interface CallRecord {
  tool: string;
  argChars: number;
  answerChars: number;
  structuredChars: number;
}

/** What a job may use: `call` (counted), `data` (a call whose answer text is JSON, parsed) and the seeded facts it starts from. */
export interface JobContext {
  call(tool: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  data<T = Record<string, unknown>>(tool: string, args?: Record<string, unknown>): Promise<T>;
  /** The project as the user names it, and its id once the session found it (see findProject in jobs.ts). */
  projectName: string;
  projectId: number;
  orgId: number;
  /** The JUnit report the import job sends. */
  junitXml: string;
}

export interface McpConnection {
  client: Client;
  close(): Promise<void>;
}

/**
 * `casebook mcp` talking to the bench server as the member of `token`: with the default tool list,
 * or the tool sets named (`all` for the tools the before variant calls, since merged out of the default).
 */
export async function connectStdio(base: string, token: string, toolsets?: string): Promise<McpConnection> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(CASEBOOK_|DATABASE_)/.test(k)) env[k] = v;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(root, 'bin/casebook.js'), 'mcp', ...(toolsets ? ['--toolsets', toolsets] : [])],
    env: { ...env, CASEBOOK_URL: base, CASEBOOK_TOKEN: token, LOG_LEVEL: 'warn' },
    cwd: root,
    stderr: 'inherit',
  });
  const client = new Client({ name: 'casebook-assistant-bench', version: '1.0.0' });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

/** The app's own /mcp (Streamable HTTP) with the member's token, as a remote assistant connects; `?toolsets=` as in connectStdio. */
export async function connectHttp(base: string, token: string, toolsets?: string): Promise<McpConnection> {
  const url = new URL(`${base}/mcp`);
  if (toolsets) url.searchParams.set('toolsets', toolsets);
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'casebook-assistant-bench', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    close: async () => {
      await transport.terminateSession();
      await client.close();
    },
  };
}

export const textOf = (result: CallToolResult) =>
  result.content.map((item) => (item.type === 'text' ? item.text : JSON.stringify(item))).join('\n');

/** Arguments a tool is sent uncounted, by tool name (see `asBefore` in bench/assistant.ts). */
export type Unsaid = ReadonlyMap<string, Record<string, unknown>>;

/**
 * A counter of calls for one job; a tool error ends the job (the bench measures jobs done, not attempts).
 * `unsaid`: arguments added to a tool's calls and not counted — what makes today's tool answer as it did
 * when the before variant was measured.
 */
export function recorder(client: Client, unsaid: Unsaid = new Map()) {
  const records: CallRecord[] = [];
  const call = async (tool: string, args: Record<string, unknown> = {}) => {
    const sent = { ...unsaid.get(tool), ...args };
    const result = (await client.callTool({ name: tool, arguments: sent })) as CallToolResult;
    const text = textOf(result);
    records.push({
      tool,
      argChars: JSON.stringify(args).length,
      answerChars: text.length,
      structuredChars: result.structuredContent ? JSON.stringify(result.structuredContent).length : 0,
    });
    if (result.isError) throw new Error(`${tool} failed: ${text.slice(0, 500)}`);
    return result;
  };
  const data = async <T>(tool: string, args: Record<string, unknown> = {}) => JSON.parse(textOf(await call(tool, args))) as T;
  return { records, call, data };
}

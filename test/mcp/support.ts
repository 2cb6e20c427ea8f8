import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Db } from '../../src/db/client';
import { createTestApp } from '../support/app';

// The MCP tests drive the real `casebook mcp` process through the SDK's own client,
// against the real app served over HTTP on a fresh database of their own.

const root = path.resolve(__dirname, '../..');

export interface RunningApp {
  url: string;
  /** The address the app tells clients to fetch files from (PUBLIC_URL). */
  publicUrl: string;
  db: Db;
  databaseUrl: string;
  close(): Promise<void>;
}

/** The app of createTestApp, listening on a loopback port (startServer would migrate, which jest can't load); `mcp` mounts /mcp. */
export async function startRealApp(opts: { mcp?: boolean } = {}): Promise<RunningApp> {
  const t = await createTestApp({}, { mcp: opts.mcp });
  const server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    publicUrl: t.config.publicUrl,
    db: t.db,
    databaseUrl: t.databaseUrl,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await t.close();
    },
  };
}

/** The environment of the spawned tool server: ours, without any Casebook or database setting, plus `env`. */
export function childEnv(env: Record<string, string>): Record<string, string> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !/^(CASEBOOK_|DATABASE_|LOG_LEVEL$)/.test(k)) base[k] = v;
  }
  return { ...base, LOG_LEVEL: 'warn', ...env };
}

export interface McpSession {
  client: Client;
  /** Everything the process wrote on stderr so far. */
  stderr(): string;
  /** Transport errors, e.g. a stdout line that is not a protocol message. */
  transportErrors: Error[];
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** The arguments that offer every tool, not only the core set a session offers by default. */
export const ALL_TOOLS = ['--toolsets', 'all'];

/** `casebook mcp` with `args` (e.g. `--tools read`), spawned, with the SDK's client connected. */
export async function connectMcp(env: Record<string, string>, args: string[] = []): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(root, 'bin/casebook.js'), 'mcp', ...args],
    env: childEnv(env),
    cwd: root,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const transportErrors: Error[] = [];
  const client = new Client({ name: 'casebook-tests', version: '1.0.0' });
  await client.connect(transport);
  // Set after connect: the client installs its own handler there.
  const clientOnError = transport.onerror;
  transport.onerror = (err) => {
    transportErrors.push(err);
    clientOnError?.(err);
  };
  await checkOutputs(client);
  return {
    client,
    stderr: () => stderr,
    transportErrors,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/** An SDK client on the app's /mcp (Streamable HTTP) with a Bearer token: the remote twin of connectMcp. */
export async function connectMcpHttp(url: string, token: string, query = ''): Promise<McpSession> {
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp${query}`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const transportErrors: Error[] = [];
  const client = new Client({ name: 'casebook-tests', version: '1.0.0' });
  await client.connect(transport);
  const clientOnError = transport.onerror;
  transport.onerror = (err) => {
    transportErrors.push(err);
    clientOnError?.(err);
  };
  await checkOutputs(client);
  return {
    client,
    stderr: () => '',
    transportErrors,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: async () => {
      await transport.terminateSession();
      await client.close();
    },
  };
}

/**
 * The SDK's client checks a call's structuredContent against the tool's outputSchema once it
 * has listed the tools (and throws on a mismatch, or on a success without it): every session
 * of the tests lists them first, so every call is checked.
 */
async function checkOutputs(client: Client): Promise<void> {
  await client.listTools();
}

export function textOf(result: CallToolResult): string {
  expect(result.content).toHaveLength(1);
  const [item] = result.content;
  expect(item.type).toBe('text');
  return (item as { text: string }).text;
}

/**
 * The parsed data of a successful call; fails the test with the tool's text otherwise. Its
 * structuredContent is the same data (an answer that is no object, as { data }).
 */
export function dataOf<T = unknown>(result: CallToolResult): T {
  const text = textOf(result);
  if (result.isError) throw new Error(`tool call failed:\n${text}`);
  const data = JSON.parse(text) as unknown;
  const isRecord = data !== null && typeof data === 'object' && !Array.isArray(data);
  expect(result.structuredContent).toEqual(isRecord ? data : { data });
  return data as T;
}

/** `❌ Error: <message>` + blank line + `💡 Tip: <tip>`; returns both parts. */
export function errorOf(result: CallToolResult): { message: string; tip: string } {
  expect(result.isError).toBe(true);
  const match = /^❌ Error: ([\s\S]+)\n\n💡 Tip: (.+)$/.exec(textOf(result));
  if (!match) throw new Error(`not the error envelope:\n${textOf(result)}`);
  return { message: match[1], tip: match[2] };
}

/** Straight REST calls, to compare a tool's answer with the REST data. */
export function restAs(url: string, token: string) {
  const send = async (method: string, p: string, input?: Record<string, unknown>) => {
    const query =
      method === 'GET' && input
        ? `?${new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
        : '';
    const res = await fetch(`${url}/api/v1${p}${query}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(method !== 'GET' ? { 'Content-Type': 'application/json' } : {}) },
      body: method !== 'GET' && input ? JSON.stringify(input) : undefined,
    });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  };
  return {
    raw: send,
    /** The `data` of a 2xx answer to `method p` with a JSON body; any other answer throws. */
    call: async <T = Record<string, unknown>>(method: string, p: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${url}/api/v1${p}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { data: T; error?: string };
      if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${json.error}`);
      return json.data;
    },
    /** The `data` of a 2xx answer. */
    data: async <T = unknown>(p: string, query: Record<string, unknown>): Promise<T> => {
      const res = await send('GET', p, query);
      if (res.status >= 300) throw new Error(`GET ${p} answered ${res.status}: ${res.body.toString()}`);
      return (JSON.parse(res.body.toString()) as { data: T }).data;
    },
  };
}

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { zodMessage } from '../core/errors';
import { invalidInputTip, tipForStatus, unreachableTip } from './error-tips';
import { RestUnreachableError, type HttpClient, type RestResponse } from './http-client';
import { inputSchema, type ToolSpec } from './tools';

// Runs one tool call: check the input against the tool's schema, make the REST
// call the table describes, and put the answer in the tool envelope of API.md 4.

export interface ToolRuntime {
  client: HttpClient;
  /** The least role allowed on (resource, action) by the RBAC policy. */
  minimumRole(resource: string, action: string): string | undefined;
}

export async function callTool(spec: ToolSpec, args: unknown, runtime: ToolRuntime): Promise<CallToolResult> {
  const parsed = inputSchema(spec).safeParse(args ?? {});
  if (!parsed.success) return failure(zodMessage(parsed.error), invalidInputTip(spec));

  const params = renameKeys(parsed.data, spec.rename ?? {}) as Record<string, unknown>;
  let res: RestResponse;
  try {
    res = await runtime.client.request({
      method: spec.method,
      path: spec.path,
      ...(spec.method === 'GET' ? { query: params } : { body: params }),
    });
  } catch (err) {
    if (!(err instanceof RestUnreachableError)) throw err;
    return failure(err.message, unreachableTip(runtime.client.baseUrl, err.timedOut, spec, err.attempts));
  }

  if (res.status < 200 || res.status > 299) {
    const message = errorText(res);
    const tip = tipForStatus(res.status, message, spec, {
      minimumRole: runtime.minimumRole(spec.rbac.resource, spec.rbac.action),
      attempts: res.attempts,
    });
    return failure(message, tip);
  }
  if (spec.download) return downloadResult(res, String(parsed.data.format ?? 'json'));

  const envelope = parseJson(res.body) as { data?: unknown } | undefined;
  if (!envelope || typeof envelope !== 'object' || !('data' in envelope)) {
    return failure(
      `The server answered HTTP ${res.status} without Casebook's JSON envelope (${res.headers.get('content-type') ?? 'no content type'})`,
      `Check that CASEBOOK_URL (${runtime.client.baseUrl}) is the root of a Casebook service.`,
    );
  }
  return success(spec.paged ? withPaging(envelope.data, spec.paged) : envelope.data);
}

export function success(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

export function failure(message: string, tip: string): CallToolResult {
  return { content: [{ type: 'text', text: `❌ Error: ${message}\n\n💡 Tip: ${tip}` }], isError: true };
}

/** The REST error text, whole; a body that is not the error envelope is kept as it came. */
function errorText(res: RestResponse): string {
  const json = parseJson(res.body) as { error?: unknown } | undefined;
  if (json && typeof json.error === 'string') return json.error;
  const text = res.body.toString('utf8').trim();
  return text ? `HTTP ${res.status}: ${text}` : `HTTP ${res.status}`;
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Tool names to REST names at every depth (tests[].testName → tests[].title). */
function renameKeys(value: unknown, rename: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => renameKeys(v, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [rename[k] ?? k, renameKeys(v, rename)]));
}

/** Keeps total/limit/offset (or page/pageSize) and says whether more entries exist. */
function withPaging(data: unknown, kind: NonNullable<ToolSpec['paged']>): unknown {
  if (!data || typeof data !== 'object') return data;
  const page = data as Record<string, unknown>;
  const items = Object.values(page).find(Array.isArray) as unknown[] | undefined;
  const total = Number(page.total);
  if (!items || !Number.isFinite(total)) return data;
  if (kind === 'page') {
    const seen = (Number(page.page) - 1) * Number(page.pageSize) + items.length;
    return seen < total ? { ...page, hasMore: true, nextPage: Number(page.page) + 1 } : { ...page, hasMore: false };
  }
  const seen = Number(page.offset) + items.length;
  return seen < total ? { ...page, hasMore: true, nextOffset: seen } : { ...page, hasMore: false };
}

function downloadResult(res: RestResponse, format: string): CallToolResult {
  const contentType = res.headers.get('content-type') ?? 'application/octet-stream';
  if (format === 'json') {
    const data = parseJson(res.body);
    if (data === undefined) return failure('The download was not valid JSON', 'Retry; if it persists, tell the Casebook administrator.');
    return success(data);
  }
  const filename = attachmentName(res.headers.get('content-disposition')) ?? `download.${format}`;
  if (format === 'pdf') return success({ format, filename, contentType, base64: res.body.toString('base64') });
  return success({ format, filename, contentType, content: res.body.toString('utf8') });
}

/** filename*= (RFC 5987) first, then filename="...". */
function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"|filename\s*=\s*([^;]+)/.exec(header);
  return plain ? (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1').trim() : undefined;
}

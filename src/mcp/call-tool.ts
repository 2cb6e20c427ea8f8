import crypto from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { ErrorCode } from '../core/error-codes';
import { zodMessage } from '../core/errors';
import { errorCodeOf, invalidInputTip, tipForError, unreachableTip } from './error-tips';
import { ANSWER_BUDGET, answerText, downloadText, fromCursor, headerPage, pagingArgs, shorten, storedFileAnswer } from './answer-budget';
import { RestUnreachableError, type HttpClient, type RestRequest, type RestResponse } from './http-client';
import { FIELD_FILTERS_PARAM, fieldFiltersQuery, toolFilterNames } from './field-filter-param';
import { resolveIdNames } from './id-names';
import { resolveNames } from './name-resolution';
import { structuredOf } from './tool-schemas';
import { fileBytes, inputSchema, toolsByName, type ToolSpec } from './tools';

// Runs one tool call: check the input against the tool's schema, make the REST
// call the table describes, and put the answer in the tool envelope of API.md 4.

export interface ToolRuntime {
  client: HttpClient;
  /** The least role allowed on (resource, action) by the RBAC policy. */
  minimumRole(resource: string, action: string): string | undefined;
  /** Why no call can be made (the in-process app did not start): every call answers with it. */
  unavailable?: { message: string; tip: string };
  /** Root URL the caller reaches Casebook at, for the REST call a download's summary names (default: the client's). */
  publicUrl?: string;
}

export async function callTool(spec: ToolSpec, args: unknown, runtime: ToolRuntime): Promise<CallToolResult> {
  if (runtime.unavailable) return failure(runtime.unavailable.message, runtime.unavailable.tip);
  const parsed = inputSchema(spec).safeParse(args ?? {}) as z.ZodSafeParseResult<Record<string, unknown>>;
  if (!parsed.success) return failure(zodMessage(parsed.error), invalidInputTip(spec), 'validation_failed');
  // Lists page by default; a list REST answers whole is paged here.
  const { rest: restArgs, window, fields } = pagingArgs(spec, { ...spec.defaults, ...parsed.data });

  let res: RestResponse;
  let request: RestRequest | undefined;
  try {
    // Names (projectId: "Web shop", priority: "High") become ids first; a list REST refuses is answered as the call.
    const idNamed = await resolveIdNames(spec, restArgs, runtime.client);
    const named = 'args' in idNamed ? await resolveNames(spec, idNamed.args, runtime.client, toolsByName) : idNamed;
    if ('message' in named) return failure(named.message, named.tip, named.code);
    if ('refused' in named) res = named.refused;
    else {
      request = restRequest(spec, named.args);
      res = await runtime.client.request(request);
    }
  } catch (err) {
    if (!(err instanceof RestUnreachableError)) throw err;
    return failure(err.message, unreachableTip(runtime.client.baseUrl, err.timedOut, spec, err.attempts));
  }

  if (res.status < 200 || res.status > 299) {
    const restNamed = toolFieldNames(errorText(res), spec.rename ?? {});
    const message = FIELD_FILTERS_PARAM in spec.placement ? toolFilterNames(restNamed) : restNamed;
    const code = errorCodeOf((parseJson(res.body) as { code?: unknown } | undefined)?.code);
    const tip = tipForError({ code, status: res.status, message }, spec, {
      minimumRole: runtime.minimumRole(spec.rbac.resource, spec.rbac.action),
      attempts: res.attempts,
    });
    return failure(message, tip, code);
  }
  // A stored file (an attachment) is shown as what it is: an image, text, or how to fetch it.
  if (spec.download && request && spec.route.fromStorage) {
    const file = storedFileAnswer(res, request, runtime.publicUrl ?? runtime.client.baseUrl);
    const about = file.content[0];
    return about?.type === 'text' ? { ...file, structuredContent: structuredOf(about.text) } : file;
  }
  if (spec.download && request) {
    const format = typeof parsed.data.format === 'string' ? parsed.data.format : 'json';
    const summary = downloadText(res, request, format, runtime.publicUrl ?? runtime.client.baseUrl);
    if (summary === undefined) return failure('The download was not valid JSON', 'Retry; if it persists, tell the Casebook administrator.');
    return answer(summary);
  }

  const envelope = parseJson(res.body) as { data?: unknown } | undefined;
  if (!envelope || typeof envelope !== 'object' || !('data' in envelope)) {
    return failure(
      `The server answered HTTP ${res.status} without Casebook's JSON envelope (${res.headers.get('content-type') ?? 'no content type'})`,
      `Check that CASEBOOK_URL (${runtime.client.baseUrl}) is the root of a Casebook service.`,
    );
  }
  // A page REST answers as an array says its total and next cursor in headers; one in the envelope, the cursor it came from.
  const data = spec.paged === 'headers' ? headerPage(envelope.data, res.headers, restArgs) : fromCursor(envelope.data, restArgs);
  return answer(answerText(spec, data, window, undefined, fields));
}

/**
 * A successful call: one line of JSON within the answer budget (src/mcp/answer-budget.ts),
 * and the same as structuredContent, which the tool's outputSchema describes. A failure
 * carries none: clients check structuredContent only on success.
 */
function answer(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structuredOf(text) };
}

/**
 * The REST request of a call: each parameter, under its REST name, where the route
 * takes it. A GET sends a query string, any other method a JSON body (or the raw body).
 */
function restRequest(spec: ToolSpec, args: Record<string, unknown>): RestRequest {
  const rename = spec.rename ?? {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  let raw: string | undefined;
  let gzipped: Buffer | undefined;
  for (const [name, value] of Object.entries(args)) {
    const at = spec.placement[name];
    if (at === 'file') continue;
    if (at === 'raw') raw = String(value);
    // Sent as the gzip bytes it encodes: the server inflates them (never held inflated here).
    else if (at === 'rawGzip') gzipped = Buffer.from(String(value), 'base64');
    else if (at === 'fieldFilters') Object.assign(query, fieldFiltersQuery(value));
    else (at === 'query' ? query : body)[rename[name] ?? name] = renameKeys(value, rename);
  }
  const rawBody: RestRequest['rawBody'] = gzipped
    ? { contentType: spec.rawBody?.contentType ?? '', bytes: gzipped, encoding: 'gzip' }
    : { contentType: spec.rawBody?.contentType ?? '', text: raw ?? '' };
  return {
    method: spec.method,
    path: spec.path,
    ...(spec.method === 'GET' || spec.route.query ? { query } : {}),
    ...(spec.rawBody ? { rawBody } : {}),
    ...(spec.file ? { rawBody: formWithFile(spec, args) } : {}),
    ...(spec.method !== 'GET' && !spec.rawBody && !spec.file ? { body } : {}),
  };
}

/** A multipart/form-data body of the one file a call gives (its name as browsers send it: quotes and line breaks escaped). */
function formWithFile(spec: ToolSpec, args: Record<string, unknown>): RestRequest['rawBody'] {
  const file = spec.file!;
  const boundary = `casebook-${crypto.randomBytes(12).toString('hex')}`;
  const name = String(args[file.name]).replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.part}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const bytes = Buffer.concat([Buffer.from(head, 'utf8'), fileBytes(args, spec), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, bytes };
}

/**
 * A REST error with the fields named as the tool names them, at any depth:
 * `Invalid request: tests.0.title: Must not be empty` → `tests.0.testName: ...`.
 */
export function toolFieldNames(message: string, rename: Record<string, string>): string {
  const back = new Map(Object.entries(rename).map(([toolName, restName]) => [restName, toolName]));
  if (!back.size || !message.startsWith('Invalid request: ')) return message;
  return message.replace(
    /(^Invalid request: |; )([\w.]+)(?=: )/g,
    (_m, before: string, path: string) =>
      before +
      path
        .split('.')
        .map((part) => back.get(part) ?? part)
        .join('.'),
  );
}

/** A failed call; its `code` (src/core/error-codes.ts) closes the tip, for a client to decide by. */
export function failure(message: string, tip: string, code?: ErrorCode): CallToolResult {
  // A message naming thousands of invalid items is cut to fit the answer budget too.
  const room = ANSWER_BUDGET - tip.length - 100;
  const text = message.length > room ? shorten(message, room, () => undefined) : message;
  const coded = code ? `${tip} (code: ${code})` : tip;
  return { content: [{ type: 'text', text: `❌ Error: ${String(text)}\n\n💡 Tip: ${coded}` }], isError: true };
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

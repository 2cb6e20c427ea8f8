import crypto from 'node:crypto';
import Converter from 'openapi-to-postmanv2';
import YAML from 'yaml';
import { smokeSteps, type SmokeStep } from './postman-smoke';

// The Postman collection, made from openapi.yaml by openapi-to-postmanv2, then
// shaped for use: Bearer auth from the {{token}} variable at the collection
// level, no auth on the public and cookie-only operations, stable ids (so the
// committed files change only when the API does).

export interface PostmanRequest {
  method: string;
  url: { host: string[]; path: string[]; query?: { key: string; value: string; disabled?: boolean }[]; variable?: unknown[] };
  header?: { key: string; value: string }[];
  body?: { mode: string; raw?: string; options?: unknown };
  auth?: unknown;
  description?: unknown;
}
export interface PostmanItem {
  id?: string;
  name: string;
  item?: PostmanItem[];
  request?: PostmanRequest;
  response?: ({ id?: string } & Record<string, unknown>)[];
  event?: { listen: 'test' | 'prerequest'; script: { type: string; exec: string[] } }[];
}
export interface PostmanCollection {
  info: { _postman_id?: string; name: string; schema: string; description?: unknown };
  item: PostmanItem[];
  auth?: unknown;
  variable?: { key: string; value: string; type?: string }[];
  event?: unknown[];
}

export const bearerFromToken = { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] };
const noAuth = { type: 'noauth' };
export const LOCAL_BASE_URL = 'http://localhost:3000';

/** A UUID-shaped id that depends only on `seed`. */
function stableId(seed: string): string {
  const h = crypto.createHash('sha1').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const requestKey = (method: string, path: string[]) => `${method.toUpperCase()} /${path.join('/')}`;

export function* requestsOf(items: PostmanItem[]): Generator<PostmanItem> {
  for (const item of items) {
    if (item.item) yield* requestsOf(item.item);
    else if (item.request) yield item;
  }
}

function convert(openapiYaml: string): Promise<PostmanCollection> {
  const options = {
    folderStrategy: 'Tags',
    parametersResolution: 'Example',
    requestNameSource: 'Fallback',
    alwaysInheritAuthentication: true,
    enableOptionalParameters: false,
    includeAuthInfoInExample: false,
  } as const;
  return new Promise((resolve, reject) => {
    Converter.convertV2({ type: 'string', data: openapiYaml }, options, (err, result) => {
      // The library reports { message, name? }, not always an Error.
      if (err) return reject(err instanceof Error ? err : new Error(err.message));
      const data = result?.result ? result.output?.[0]?.data : undefined;
      if (!data) return reject(new Error(`openapi-to-postmanv2: ${result?.reason ?? 'no collection'}`));
      resolve(data as unknown as PostmanCollection);
    });
  });
}

interface OpenApiOperation {
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  parameters?: { name: string; in: string; example?: unknown }[];
}

/** A query parameter the document leaves without an example (one of two exclusive ones) is sent empty, not a random fake. */
function blankUnexampled(request: PostmanRequest, operation: OpenApiOperation) {
  for (const q of request.url.query ?? []) {
    const param = operation.parameters?.find((p) => p.in === 'query' && p.name === q.key);
    if (param && param.example === undefined) q.value = '';
  }
}

/**
 * A text body (an XML report) is the document's example as it is: the
 * converter wraps a string example in an `<element>` of its own.
 */
function useTextExample(item: PostmanItem, operation: OpenApiOperation) {
  const [type, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  if (!type || type === 'application/json' || typeof media?.example !== 'string') return;
  const requests = [item.request, ...(item.response ?? []).map((r) => r.originalRequest as PostmanRequest | undefined)];
  for (const request of requests) if (request?.body?.mode === 'raw') request.body.raw = media.example;
}

/** The main collection: every operation of the document, grouped by tag. */
export async function buildCollection(openapiYaml: string): Promise<PostmanCollection> {
  const doc = YAML.parse(openapiYaml) as { paths: Record<string, Record<string, OpenApiOperation>> };
  const collection = await convert(openapiYaml);
  collection.info._postman_id = stableId(collection.info.name);
  collection.auth = bearerFromToken;
  collection.variable = [{ key: 'baseUrl', value: LOCAL_BASE_URL, type: 'string' }];
  const stamp = (items: PostmanItem[], parent: string) => {
    for (const item of items) {
      const key = item.request ? requestKey(item.request.method, item.request.url.path) : item.name;
      item.id = stableId(`${parent}/${key}`);
      if (item.item) stamp(item.item, key);
      item.response?.forEach((r, i) => (r.id = stableId(`${key}#${i}`)));
    }
  };
  stamp(collection.item, '');
  for (const item of requestsOf(collection.item)) {
    // Saved examples of the success answer only: the error envelopes are the same
    // for every operation (see openapi.yaml), and would multiply the file's size.
    item.response = item.response?.filter((r) => Number(r.code) < 300);
  }
  for (const item of requestsOf(collection.item)) {
    const request = item.request!;
    const operation = doc.paths[`/${request.url.path.join('/')}`]?.[request.method.toLowerCase()];
    if (!operation) throw new Error(`No operation in openapi.yaml for ${requestKey(request.method, request.url.path)}`);
    // Public operations send nothing; cookie-only ones must not send the token,
    // which would take precedence over the session cookie of Postman's cookie jar.
    useTextExample(item, operation);
    for (const r of [request, ...(item.response ?? []).map((saved) => saved.originalRequest as PostmanRequest | undefined)]) {
      if (r) blankUnexampled(r, operation);
    }
    const bearer = operation.security?.some((s) => 'bearerToken' in s) ?? true;
    if (!bearer) request.auth = noAuth;
    else delete request.auth;
  }
  return collection;
}

/** The environment for a server on this machine; the token is pasted into it. */
export function buildEnvironment() {
  return {
    id: stableId('casebook.localhost'),
    name: 'Casebook (localhost)',
    values: [
      { key: 'baseUrl', value: LOCAL_BASE_URL, type: 'default', enabled: true },
      { key: 'token', value: '', type: 'secret', enabled: true },
    ],
    _postman_variable_scope: 'environment',
  };
}

function smokeItem(step: SmokeStep, requests: Map<string, PostmanItem>): PostmanItem {
  const source = requests.get(`${step.method} ${step.path}`);
  if (!source) throw new Error(`CI smoke step "${step.name}": ${step.method} ${step.path} is not in the collection`);
  const { url, header } = source.request!;
  const request: PostmanRequest = {
    method: step.method,
    url: { host: url.host, path: url.path, query: Object.entries(step.query ?? {}).map(([key, value]) => ({ key, value })) },
    header: (header ?? []).filter((h) => h.key.toLowerCase() !== 'accept'),
    ...(step.body ? { body: { mode: 'raw', raw: step.body, options: { raw: { language: 'json' } } } } : {}),
    ...(step.noAuth ? { auth: noAuth } : {}),
  };
  const script = (exec: string) => ({ type: 'text/javascript', exec: exec.trim().split('\n') });
  return {
    id: stableId(`ci-smoke/${step.name}`),
    name: step.name,
    request,
    event: [
      ...(step.prerequest ? [{ listen: 'prerequest' as const, script: script(step.prerequest) }] : []),
      { listen: 'test' as const, script: script(step.test) },
    ],
  };
}

/**
 * The CI sequence: the main collection's requests (so only documented
 * operations), in order, with bodies, variables and pm.test assertions.
 */
export function buildSmokeCollection(main: PostmanCollection): PostmanCollection {
  const requests = new Map([...requestsOf(main.item)].map((item) => [requestKey(item.request!.method, item.request!.url.path), item]));
  return {
    info: {
      _postman_id: stableId('casebook.ci-smoke'),
      name: 'Casebook CI smoke',
      schema: main.info.schema,
      description: 'Creates a project, adds tests, runs them, posts results and downloads the reports. Run by .ci/newman.sh.',
    },
    auth: bearerFromToken,
    variable: [{ key: 'baseUrl', value: LOCAL_BASE_URL, type: 'string' }],
    item: smokeSteps.map((step) => smokeItem(step, requests)),
  };
}

export const toJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

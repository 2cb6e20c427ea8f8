import { OpenAPIRegistry, OpenApiGeneratorV3, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import pkg from '../../package.json';
import { SESSION_COOKIE } from '../auth/authenticate';
import { loadRbac, type Rbac } from '../auth/rbac';
import { apiRoutes } from '../domain/routes';
import { jsonBodyOf, multipartBodyOf, rawBodyOf, type AnyRoute, type MultipartBody, type RawBody, type RouteSpec } from '../core/route';
import { statusOf } from '../core/error-codes';
import { routeErrorCodes } from '../core/route-errors';
import { CONTENT_ENCODING_MESSAGE, contentTypeMessage, PAYLOAD_TOO_LARGE } from '../http/raw-body';
import { MULTIPART_ENCODING_MESSAGE, MULTIPART_TYPE, MULTIPART_TYPE_MESSAGE } from '../http/multipart-body';
import { errorEnvelope, errorResponses } from './errors';
import { exampleOf, type JsonSchema } from './examples';
import { idempotencyHeaders, replayedHeader } from './idempotency';
import { conditionalHeaders, etagHeaders, notModifiedResponse } from './etag';
import { pageMetaHeaders } from './page-meta';

// The OpenAPI 3.0 description, generated from the same RouteSpecs (and zod
// schemas) that the router validates with: a new route is documented as soon
// as it is in apiRoutes.

export type OpenApiDocument = ReturnType<OpenApiGeneratorV3['generateDocument']>;

export const API_PREFIX = '/api/v1';
const roles = ['Reader', 'User', 'Admin'] as const;

const description = `Test management for QA teams, CI pipelines and AI assistants.

- Success bodies are \`{ "data": ..., "status": <http status> }\`; errors are \`{ "error": "<message>", "status": <http status>, "code": "<error code>" }\`.
  The \`code\` is stable and specific to the cause (\`run_locked\`, \`project_not_found\`, \`validation_failed\`, ...): decide by it, not by the text.
  Each operation lists the codes it can answer in \`x-error-codes\` and in its description.
- Authenticate with an API token (\`Authorization: Bearer cb_...\`) or the browser session cookie \`${SESSION_COOKIE}\` set by the OAuth login at \`/login\`.
  Cookie-authenticated writes must come from this service's own origin.
- A user holds one role per organization; a request is decided by the role in the organization that owns what it names.
- Checks run in this order: authentication (401), role permission in any of the caller's organizations (403), input validation (400), the role in the organization owning the named records (403), existence within the caller's organizations (404), state (409, 423).
- \`GET /projects\` pages with \`page\`/\`pageSize\`; every other list with \`limit\` (1-1000, default 100) and \`offset\`. Paged payloads carry \`total\`.
  To walk a whole list, pass each page's \`nextCursor\` as the next request's \`cursor\` (absent on the last page): a page after a cursor costs the same at any depth.
- Downloads answer with the file itself and \`Content-Disposition: attachment\`.`;

/** `GET /run/test-status` → `getRunTestStatus` */
export function operationId(method: string, path: string): string {
  const words = path
    .split(/[/-]/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1));
  return method.toLowerCase() + words.join('');
}

/**
 * Query strings arrive as text and the schemas parse them ("12" → 12), so a
 * parameter is documented by what it parses to (an integer with its bounds)
 * unless the last step is a bare transform, whose input then describes it.
 */
function documentedParam(field: z.ZodType): z.ZodType {
  let documented: z.ZodType;
  if (field instanceof z.ZodOptional) documented = documentedParam(field.unwrap() as z.ZodType).optional();
  else if (field instanceof z.ZodNullable) documented = documentedParam(field.unwrap() as z.ZodType).nullable();
  else if (field instanceof z.ZodDefault) {
    documented = documentedParam(field.unwrap() as z.ZodType).default(field.def.defaultValue);
  } else if (field instanceof z.ZodPipe) {
    documented = documentedParam((field.out instanceof z.ZodTransform ? field.in : field.out) as z.ZodType);
  } else documented = field;
  return field.description ? documented.describe(field.description) : documented;
}

/** What the document reads of a route: its schemas as zod types (AnyRoute erases them to any), not its handler. */
type DocumentedRoute = Omit<RouteSpec, 'handler'>;

// Marks a parameter left without an example (dropped again by finishOperations).
const NO_EXAMPLE = 'x-no-example';

/**
 * A query whose object carries an `example` (meta) documents its parameters with
 * those values and the others without one: e.g. one of two exclusive parameters.
 */
function documentedQuery(route: DocumentedRoute): z.ZodObject {
  let query: z.ZodType | undefined = route.query;
  while (query instanceof z.ZodPipe) query = query.in as z.ZodType;
  if (!(query instanceof z.ZodObject))
    throw new Error(`${route.method.toUpperCase()} ${route.path}: the query schema must be a zod object`);
  const example = query.meta()?.example as Record<string, unknown> | undefined;
  const withExample = (name: string, documented: z.ZodType) => {
    if (!example) return documented;
    return name in example ? documented.meta({ example: example[name] }) : documented.meta({ [NO_EXAMPLE]: true });
  };
  // Parameters named by a pattern (the catalog's cf.<key> filters) are the catchall's: one entry, named by its meta `param`.
  const catchall = query.def.catchall as z.ZodType | undefined;
  const pattern = catchall?.meta()?.param as string | undefined;
  // No example value: `cf.<key>` names no field, so an example query holding it would be refused.
  const extra = pattern
    ? {
        [pattern]: z
          .string()
          .optional()
          .describe(catchall!.description ?? '')
          .meta({ [NO_EXAMPLE]: true }),
      }
    : {};
  return z.object({
    ...Object.fromEntries(
      Object.entries(query.shape).map(([name, field]) => [name, withExample(name, documentedParam(field as z.ZodType))]),
    ),
    ...extra,
  });
}

const isJson = (type: string) => /^application\/([\w.-]+\+)?json$/.test(type.split(';')[0].trim());

/** A stored file's download when the store hands out its own URLs (S3 with ATTACHMENT_S3_PRESIGN=true). */
const presignedRedirect: ResponseConfig = {
  description:
    'With ATTACHMENT_S3_PRESIGN=true: a redirect to a short-lived presigned URL of the S3 store, which answers the bytes with the same type and Content-Disposition. Authorization is checked first, as for the file itself',
  headers: {
    Location: {
      description: 'The presigned URL (X-Amz-Expires in its query says how long it is valid)',
      schema: { type: 'string' as const, format: 'uri' },
    },
  },
};

function downloadResponse(route: DocumentedRoute): ResponseConfig {
  // JSON first: response checkers take the first media type as the JSON one.
  const types = [...route.download!].sort((a, b) => Number(isJson(b)) - Number(isJson(a)));
  const stored = {
    'Content-Disposition': {
      description:
        'inline (PNG, JPEG, GIF, WebP, PDF, plain text, video) or attachment (everything else), with the file name (RFC 6266: filename, and filename* when it is not plain ASCII)',
      schema: { type: 'string' as const, example: `inline; filename="screenshot.png"` },
    },
    'X-Content-Type-Options': { description: 'nosniff', schema: { type: 'string' as const } },
    'Content-Security-Policy': { description: 'sandbox: the file never runs as a page of this site', schema: { type: 'string' as const } },
  };
  return {
    description: route.fromStorage
      ? 'The stored file itself, as the type its bytes were found to be, no envelope'
      : `The file itself (${types.join(', ')}), no envelope`,
    headers: route.fromStorage
      ? stored
      : {
          'Content-Disposition': {
            description: 'Always an attachment with a file name',
            schema: { type: 'string', example: 'attachment; filename="casebook-export.json"' },
          },
        },
    content: Object.fromEntries(
      types.map((type) => [
        type,
        {
          schema: isJson(type)
            ? (route.response ?? { description: 'A JSON file (its shape is not declared by the route)' })
            : type.startsWith('text/')
              ? { type: 'string' as const }
              : { type: 'string' as const, format: 'binary' },
        },
      ]),
    ),
  };
}

/**
 * A stream of events (a route with `events`): text/event-stream, each event's `data:` one JSON
 * value of the route's response schema, a named schema (`.meta({ id })`) the document lists
 * among its components (OpenAPI 3.0 has no schema for the items of a stream).
 */
function eventsResponse(route: DocumentedRoute): ResponseConfig {
  const name = eventSchemaOf(route)?.meta()?.id;
  if (!name) throw new Error(`${route.method.toUpperCase()} ${route.path}: an event stream's response schema needs .meta({ id })`);
  return {
    description:
      `Server-sent events (text/event-stream) until the client leaves: each event's \`data:\` line is one JSON value of ` +
      `#/components/schemas/${name}; \`event: resync\` (data \`{}\`) means some may have been missed, so read again what you show; ` +
      'comment lines (`: heartbeat`) every EVENT_HEARTBEAT_MS keep proxies from closing a quiet stream. ' +
      'Errors before the stream starts use the error envelope.',
    // The example (one event, made from the named schema) is added with the others (finishOperations).
    content: { 'text/event-stream': { schema: { type: 'string' as const, [EVENT_OF]: name } } },
  };
}

/** Marks the schema of a stream whose example is one event of the named component. */
const EVENT_OF = 'x-event-of';

const eventSchemaOf = (route: DocumentedRoute): z.ZodType | undefined => (route.events ? route.response : undefined);

/** The request body of a raw-body route: the document itself, as text of one of its types. */
function rawRequestBody(raw: RawBody) {
  const schema = { type: 'string' as const, description: raw.description };
  return {
    required: true,
    description: `${raw.description}. At most ${raw.limitBytes / 2 ** 20} MiB once decoded; \`Content-Encoding: gzip\` (or deflate, br) is accepted.`,
    content: Object.fromEntries(raw.types.map((type) => [type, { schema, ...(raw.example ? { example: raw.example } : {}) }])),
  };
}

/** The request body of a multipart route: its file parts (binary, repeated up to their count) and text fields. */
function multipartRequestBody(multipart: MultipartBody) {
  type Property = { type: 'array' | 'string'; description: string; maxItems?: number; items?: { type: 'string'; format: 'binary' } };
  const files = Object.entries(multipart.files).map(([name, f]): [string, Property] => [
    name,
    { type: 'array' as const, maxItems: f.maxCount, description: f.description, items: { type: 'string' as const, format: 'binary' } },
  ]);
  const fields = Object.entries(multipart.fields ?? {}).map(([name, f]): [string, Property] => [
    name,
    { type: 'string', description: f.description },
  ]);
  return {
    required: true,
    description: `${multipart.description}. multipart/form-data; no Content-Encoding.`,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          properties: Object.fromEntries([...files, ...fields]),
          required: Object.entries(multipart.files).flatMap(([name, f]) => (f.optional ? [] : [name])),
        },
      },
    },
  };
}

/** A raw-body route's own 413 and 415: its limit and its content types, not the JSON ones. */
function rawBodyErrors(raw: RawBody): Record<string, ResponseConfig> {
  return {
    413: {
      description: `The body is larger than ${raw.limitBytes / 2 ** 20} MiB once decoded`,
      content: { 'application/json': { schema: errorEnvelope(z.literal(PAYLOAD_TOO_LARGE), 413) } },
    },
    415: {
      description: `A body that is not ${raw.types.join(' or ')}, or in an unknown Content-Encoding`,
      content: { 'application/json': { schema: errorEnvelope(z.enum([contentTypeMessage(raw), CONTENT_ENCODING_MESSAGE]), 415) } },
    },
  };
}

/** A multipart route's own 413 and 415: a file past its limit (the message names it), a body that is not multipart. */
function multipartErrors(): Record<string, ResponseConfig> {
  return {
    413: {
      description: 'A file is larger than the limit of one file (the message names the file and the limit)',
      content: { 'application/json': { schema: errorEnvelope(z.string(), 413) } },
    },
    415: {
      description: `A body that is not ${MULTIPART_TYPE}, or sent with a Content-Encoding`,
      content: { 'application/json': { schema: errorEnvelope(z.enum([MULTIPART_TYPE_MESSAGE, MULTIPART_ENCODING_MESSAGE]), 415) } },
    },
  };
}

/** The request body of a route taking a raw document or a multipart form, by its Content-Type. */
function eitherRequestBody(raw: RawBody, multipart: MultipartBody) {
  const [a, b] = [rawRequestBody(raw), multipartRequestBody(multipart)];
  return {
    required: true,
    description: `${a.description}\n\nOr, as multipart/form-data: ${b.description}`,
    content: { ...a.content, ...b.content },
  };
}

/** The 413 and 415 of a route taking either body. */
function eitherBodyErrors(raw: RawBody): Record<string, ResponseConfig> {
  const messages = [contentTypeMessage(raw), CONTENT_ENCODING_MESSAGE, MULTIPART_TYPE_MESSAGE, MULTIPART_ENCODING_MESSAGE] as const;
  return {
    413: {
      description: `The document is larger than ${raw.limitBytes / 2 ** 20} MiB once decoded, or a file larger than the limit of one file (the message names it)`,
      content: { 'application/json': { schema: errorEnvelope(z.string(), 413) } },
    },
    415: {
      description: `A body that is neither ${raw.types.join(' nor ')} nor ${MULTIPART_TYPE}, or in an unknown Content-Encoding`,
      content: { 'application/json': { schema: errorEnvelope(z.enum(messages), 415) } },
    },
  };
}

function routeDescription(route: DocumentedRoute, rbac: Rbac): { text: string; minimumRole: string } {
  const minimumRole = roles.find((role) => rbac.can(role, route.resource, route.action)) ?? 'none';
  const lines = [`Minimum role: ${minimumRole} (permission \`${route.resource}:${route.action}\`).`];
  if (route.sessionOnly === true) lines.push('Requires the browser session cookie; API tokens are refused (401).');
  else if (route.sessionOnly) {
    const { resource, action } = route.sessionOnly.unless;
    const holder = roles.find((role) => rbac.can(role, resource, action)) ?? 'none';
    lines.push(
      `Requires the browser session cookie, except for callers who are ${holder} in one of their organizations, who may use an API token; other tokens are refused (401).`,
    );
  }
  if (route.download && route.fromStorage) {
    lines.push('Answers with the stored file, streamed; errors before the first byte use the error envelope.');
  } else if (route.download) {
    lines.push(
      'Answers with a file download, written as a stream; errors before the first byte use the error envelope. ' +
        "Downloads share the process's render slots (RENDER_CONCURRENCY, at most RENDER_PER_USER of them one user's): when none frees up in time (RENDER_WAIT_MS) the answer is 503 with `Retry-After`. " +
        'A download whose client reads nothing for DOWNLOAD_IDLE_TIMEOUT_MS is cut, freeing its slot.',
    );
  }
  if (route.events) {
    lines.push(
      'Answers with a stream of server-sent events that stays open (EventSource in a browser, with the session cookie). ' +
        'Every instance on the database sends the same events: they travel through PostgreSQL LISTEN/NOTIFY and leave only once the write commits.',
    );
  }
  if (rawBodyOf(route)) {
    lines.push(
      "Imports share the process's import slots (IMPORT_CONCURRENCY, at most IMPORT_PER_USER of them one user's), taken before the body is read: " +
        'when none frees up in time (IMPORT_WAIT_MS) the answer is 503 with `Retry-After` and nothing of the body is read.',
    );
  }
  lines.push(
    `Error codes: ${routeErrorCodes(route)
      .map((code) => `\`${code}\` (${statusOf(code)})`)
      .join(', ')}.`,
  );
  return { text: lines.join('\n\n'), minimumRole };
}

/** The headers of a route's success answer, if it has any. */
function successHeaders(route: DocumentedRoute): Pick<ResponseConfig, 'headers'> {
  const headers = {
    ...(route.idempotent ? replayedHeader : {}),
    ...(route.caching ? etagHeaders : {}),
    ...(route.pageMeta ? pageMetaHeaders : {}),
  };
  return Object.keys(headers).length ? { headers } : {};
}

/** The request headers a route reads: an idempotent route's key, a GET's conditional headers, its own. */
function requestHeaders(route: DocumentedRoute): Pick<NonNullable<RouteConfig['request']>, 'headers'> {
  const shapes = [
    route.idempotent ? idempotencyHeaders.shape : {},
    route.caching ? conditionalHeaders.shape : {},
    route.headers instanceof z.ZodObject ? (route.headers.shape as z.ZodRawShape) : {},
  ];
  const shape = Object.assign({}, ...shapes) as z.ZodRawShape;
  return Object.keys(shape).length ? { headers: z.object(shape) } : {};
}

function registerApiRoute(registry: OpenAPIRegistry, errors: ReturnType<typeof errorResponses>, route: DocumentedRoute, rbac: Rbac) {
  const success = route.successStatus ?? 200;
  const { text, minimumRole } = routeDescription(route, rbac);
  const codes = routeErrorCodes(route);
  const statuses = codes.map(statusOf);
  const body = jsonBodyOf(route);
  const rawBody = rawBodyOf(route);
  const multipart = multipartBodyOf(route);
  const config: RouteConfig = {
    method: route.method,
    path: API_PREFIX + route.path,
    operationId: operationId(route.method, route.path),
    tags: [route.tag],
    summary: route.summary,
    description: text,
    'x-minimum-role': minimumRole,
    'x-error-codes': codes,
    security: route.sessionOnly === true ? [{ sessionCookie: [] }] : [{ bearerToken: [] }, { sessionCookie: [] }],
    request: {
      ...(route.query ? { query: documentedQuery(route) } : {}),
      ...requestHeaders(route),
      ...(body ? { body: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      ...(rawBody && multipart
        ? { body: eitherRequestBody(rawBody, multipart) }
        : rawBody
          ? { body: rawRequestBody(rawBody) }
          : multipart
            ? { body: multipartRequestBody(multipart) }
            : {}),
    },
    responses: {
      [success]: route.download
        ? downloadResponse(route)
        : route.events
          ? eventsResponse(route)
          : {
              description: success === 201 ? 'Created' : 'Success',
              ...successHeaders(route),
              content: { 'application/json': { schema: z.object({ data: route.response ?? z.unknown(), status: z.literal(success) }) } },
            },
      ...(route.fromStorage ? { 302: presignedRedirect } : {}),
      ...(route.caching ? { 304: notModifiedResponse } : {}),
      ...errors.refs(statuses),
      ...(rawBody && multipart ? eitherBodyErrors(rawBody) : rawBody ? rawBodyErrors(rawBody) : multipart ? multipartErrors() : {}),
    },
  };
  registry.registerPath(config);
}

function registerServiceRoutes(registry: OpenAPIRegistry, errors: ReturnType<typeof errorResponses>) {
  const ok = z.object({ data: z.object({ ok: z.literal(true) }), status: z.literal(200) });
  const common = { tags: ['Service'], security: [] };
  registry.registerPath({
    ...common,
    method: 'get',
    path: '/healthz',
    operationId: 'getHealthz',
    summary: 'Liveness: the process answers (the database is not consulted)',
    responses: { 200: { description: 'Alive', content: { 'application/json': { schema: ok } } }, ...errors.refs([500]) },
  });
  registry.registerPath({
    ...common,
    method: 'get',
    path: '/readyz',
    operationId: 'getReadyz',
    summary: 'Readiness: the database answers and the server is not shutting down (else 503)',
    responses: { 200: { description: 'Ready', content: { 'application/json': { schema: ok } } }, ...errors.refs([500, 503]) },
  });
  registry.registerPath({
    ...common,
    method: 'get',
    path: `${API_PREFIX}/openapi.json`,
    operationId: 'getOpenapiJson',
    summary: 'This OpenAPI description, as JSON',
    responses: {
      200: {
        description: 'The OpenAPI 3.0 document',
        content: { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.0 document' } } },
      },
      ...errors.refs([500]),
    },
  });
}

/**
 * zod parses an object by dropping unknown keys, so a declared response object
 * lists all of its fields: the document says so (`additionalProperties: false`),
 * and a response carrying anything undeclared fails the suite's response checks.
 */
function closeObjects(schema: JsonSchema): void {
  if (typeof schema.$ref === 'string' || schema.allOf) return;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
  for (const child of Object.values(properties ?? {})) closeObjects(child);
  if (schema.items) closeObjects(schema.items as JsonSchema);
  for (const key of ['oneOf', 'anyOf'] as const) for (const child of (schema[key] as JsonSchema[] | undefined) ?? []) closeObjects(child);
}

interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
}
interface Operation {
  parameters?: { name: string; schema?: JsonSchema; example?: unknown }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}

/** Closes success objects and adds examples to parameters, bodies and success responses. */
function finishOperations(doc: OpenApiDocument): void {
  const components = (doc.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const withExample = (media: MediaType) => {
    // A file (string or binary) or an undeclared shape gets no made-up example.
    const schema = media.schema;
    if (!schema || media.example !== undefined) return;
    const event = schema[EVENT_OF] as string | undefined;
    if (event) {
      delete schema[EVENT_OF];
      media.example = `data: ${JSON.stringify(exampleOf({ $ref: `#/components/schemas/${event}` }, components))}\n\n`;
      return;
    }
    if (schema.$ref || schema.properties || schema.allOf || (schema.type && schema.type !== 'string')) {
      media.example = exampleOf(schema, components);
    }
  };
  for (const pathItem of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(pathItem as Record<string, Operation>)) {
      for (const param of operation.parameters ?? []) {
        if (param.schema?.[NO_EXAMPLE]) delete param.schema[NO_EXAMPLE];
        else if (param.example === undefined && param.schema) param.example = exampleOf(param.schema, components, param.name);
      }
      for (const media of Object.values(operation.requestBody?.content ?? {})) withExample(media);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('2')) continue;
        for (const media of Object.values(response.content ?? {})) {
          if (media.schema) closeObjects(media.schema);
          withExample(media);
        }
      }
    }
  }
}

/** The document for these routes; `rbac` supplies each operation's minimum role. */
export function buildOpenApiDocument(routes: AnyRoute[], rbac: Rbac): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerToken', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'cb_ followed by 43 base64url characters',
    description:
      'An API token: `npx casebook token create --email you@example.com`, or POST /api/v1/token/generate from a browser session.',
  });
  registry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The browser session, set by the OAuth login (`/login`). HttpOnly, SameSite=Lax; Secure on https.',
  });
  const errors = errorResponses(registry);
  for (const route of routes) registerApiRoute(registry, errors, route, rbac);
  registerServiceRoutes(registry, errors);

  const tags = [...new Set([...routes.map((r) => r.tag), 'Service'])].map((name) => ({ name }));
  const doc = new OpenApiGeneratorV3([
    ...registry.definitions,
    ...errors.schemas().map((schema) => ({ type: 'schema' as const, schema })),
    ...routes.flatMap((route) => eventSchemaOf(route) ?? []).map((schema) => ({ type: 'schema' as const, schema })),
  ]).generateDocument({
    openapi: '3.0.3',
    info: { title: 'Casebook API', version: pkg.version, description, license: { name: pkg.license } },
    servers: [{ url: '/', description: 'The host root of this server; paths carry /api/v1' }],
    tags,
  });
  finishOperations(doc);
  for (const [key, value] of Object.entries(doc.components ?? {})) {
    if (Object.keys(value as object).length === 0) delete (doc.components as Record<string, unknown>)[key];
  }
  return doc;
}

export async function generateOpenApiDocument(): Promise<OpenApiDocument> {
  return buildOpenApiDocument(apiRoutes, await loadRbac());
}

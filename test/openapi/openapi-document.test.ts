import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { statusOf } from '../../src/core/error-codes';
import { routeErrorCodes } from '../../src/core/route-errors';
import { apiRoutes } from '../../src/domain/routes';
import { jsonBodyOf, multipartBodyOf, rawBodyOf } from '../../src/core/route';
import { API_PREFIX, generateOpenApiDocument, operationId, type OpenApiDocument } from '../../src/openapi/document';
import { openApiYaml } from '../../src/openapi/yaml';
import { createTestApp, type TestApp } from '../support/app';

type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown>; example: unknown }[];
  requestBody?: { required: boolean; content: Record<string, { example?: unknown }> };
  responses: Record<
    string,
    { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Record<string, unknown>; example?: unknown }> }
  >;
  'x-minimum-role': string;
};

let doc: OpenApiDocument;
let t: TestApp;
const op = (method: string, p: string) => (doc.paths as Record<string, Record<string, Operation>>)[p]?.[method];
const label = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

beforeAll(async () => {
  doc = await generateOpenApiDocument();
  t = await createTestApp();
});
afterAll(() => t.close());

describe('openapi.yaml', () => {
  it('is what the code generates (run `npm run openapi` after changing a route)', () => {
    const committed = fs.readFileSync(path.resolve(__dirname, '../../openapi.yaml'), 'utf8');
    const generated = openApiYaml(doc);
    if (committed !== generated) {
      const a = committed.split('\n');
      const b = generated.split('\n');
      const line = a.findIndex((l, i) => l !== b[i]);
      throw new Error(
        `openapi.yaml is out of date: run \`npm run openapi\` and commit it.\n` +
          `First difference at line ${line + 1}:\n  committed: ${a[line]}\n  generated: ${b[line]}`,
      );
    }
  });

  it('is a valid OpenAPI 3.0 document (swagger-parser)', () => {
    const script = path.resolve(__dirname, '../support/validate-openapi.mjs');
    const out = execFileSync(process.execPath, [script], { input: JSON.stringify(doc), encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ valid: true, openapi: '3.0.3', title: 'Casebook API' });
  });

  it('fails validation when broken, so the check above can fail', () => {
    const broken = { ...doc, paths: { '/x': { get: { responses: { 200: { $ref: '#/components/responses/Nope' } } } } } };
    const out = execFileSync(process.execPath, [path.resolve(__dirname, '../support/validate-openapi.mjs')], {
      input: JSON.stringify(broken),
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toMatchObject({ valid: false, message: expect.stringContaining('Nope') });
  });
});

describe('the document', () => {
  it('documents every route with its success status, body, security and tag', () => {
    for (const route of apiRoutes) {
      const o = op(route.method, API_PREFIX + route.path);
      expect({ route: label(route), documented: Boolean(o) }).toEqual({ route: label(route), documented: true });
      expect(o.operationId).toBe(operationId(route.method, route.path));
      expect(o.tags).toEqual([route.tag]);
      expect(o.summary).toBe(route.summary);
      expect(Object.keys(o.responses)).toContain(String(route.successStatus ?? 200));
      expect(Boolean(o.requestBody)).toBe(Boolean(route.body));
      // A raw body is documented as text of each of its types; a JSON body as application/json.
      const raw = rawBodyOf(route);
      const multipart = multipartBodyOf(route) ? ['multipart/form-data'] : [];
      const bodyTypes = raw ? [...raw.types, ...multipart] : multipart.length ? multipart : jsonBodyOf(route) ? ['application/json'] : [];
      expect(Object.keys(o.requestBody?.content ?? {})).toEqual(bodyTypes);
      expect(o.security).toEqual(route.sessionOnly === true ? [{ sessionCookie: [] }] : [{ bearerToken: [] }, { sessionCookie: [] }]);
    }
    const ids = Object.values(doc.paths as Record<string, Record<string, Operation>>).flatMap((item) =>
      Object.values(item).map((o) => o.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents each route's error codes (x-error-codes) and their statuses, 304 for a conditional read, 302 for a stored file", () => {
    for (const route of apiRoutes) {
      const operation = op(route.method, API_PREFIX + route.path) as unknown as { responses: object; 'x-error-codes': string[] };
      const statuses = Object.keys(operation.responses)
        .filter((s) => !s.startsWith('2'))
        .map(Number);
      const codes = routeErrorCodes(route);
      const expected = new Set([...codes.map(statusOf), ...(route.caching ? [304] : []), ...(route.fromStorage ? [302] : [])]);
      expect({ route: label(route), statuses }).toEqual({ route: label(route), statuses: [...expected].sort((a, b) => a - b) });
      expect({ route: label(route), codes: operation['x-error-codes'] }).toEqual({ route: label(route), codes });
      // A stored file may be a redirect to the store's presigned URL, which Location names.
      if (route.fromStorage) expect(operation.responses).toHaveProperty(['302', 'headers', 'Location', 'schema', 'format'], 'uri');
    }
    // What follows from a route's spec: its ids' 404s, its body's 413/415, its own declared codes.
    const update = apiRoutes.find((r) => r.path === '/run/update-test-status')!;
    expect(routeErrorCodes(update)).toEqual(
      expect.arrayContaining([
        'project_not_found',
        'run_not_found',
        'run_locked',
        'project_inactive',
        'payload_too_large',
        'validation_failed',
      ]),
    );
    const list = apiRoutes.find((r) => r.path === '/projects')!;
    expect(routeErrorCodes(list)).not.toContain('payload_too_large');
  });

  it('declares the exact texts of the fixed errors and an envelope for every error status', () => {
    const schemas = doc.components!.schemas as Record<
      string,
      { properties: Record<string, { enum?: unknown[] }>; additionalProperties: boolean }
    >;
    expect(schemas.Error401.properties.error.enum).toEqual(['Unauthorized - Please login']);
    expect(schemas.Error403.properties.error.enum).toEqual(['Forbidden - User does not have access']);
    expect(schemas.Error415.properties.error.enum).toEqual(['Content-Type must be application/json']);
    for (const [name, schema] of Object.entries(schemas).filter(([n]) => /^Error\d+$/.test(n))) {
      expect({ name, status: schema.properties.status.enum, closed: schema.additionalProperties }).toEqual({
        name,
        status: [Number(name.slice(5))],
        closed: false,
      });
    }
  });

  it('declares the data of every route that answers with an envelope', () => {
    const undeclared = apiRoutes.filter((r) => !r.download && !r.response).map(label);
    expect(undeclared).toEqual([]);
  });

  it('documents downloads by their content types, as files with a Content-Disposition', () => {
    const downloads = apiRoutes.filter((r) => r.download);
    for (const route of downloads) {
      const success = op(route.method, API_PREFIX + route.path).responses[String(route.successStatus ?? 200)];
      expect(Object.keys(success.content!).sort()).toEqual([...route.download!].sort());
      expect(success.headers).toHaveProperty('Content-Disposition');
      for (const [type, media] of Object.entries(success.content!)) {
        if (type.startsWith('text/')) expect(media.schema).toEqual({ type: 'string' });
        else if (!type.includes('json')) expect(media.schema).toEqual({ type: 'string', format: 'binary' });
      }
    }
  });

  it('documents query ids as integers, with defaults and bounds', () => {
    const params = op('get', `${API_PREFIX}/projects`).parameters!;
    expect(params.find((p) => p.name === 'orgId')).toMatchObject({
      in: 'query',
      required: true,
      schema: { type: 'integer', minimum: 0, exclusiveMinimum: true },
    });
    expect(params.find((p) => p.name === 'pageSize')).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
    });
    expect(params.find((p) => p.name === 'isActive')).toMatchObject({
      required: false,
      schema: { type: 'string', enum: ['true', 'false'] },
    });
  });

  it('states the minimum role from the RBAC policy', () => {
    expect(op('get', `${API_PREFIX}/orgs`)['x-minimum-role']).toBe('Reader');
    expect(op('post', `${API_PREFIX}/project/create`)['x-minimum-role']).toBe('User');
    expect(op('get', `${API_PREFIX}/all-users`)['x-minimum-role']).toBe('Admin');
    expect(op('delete', `${API_PREFIX}/project/delete`)['x-minimum-role']).toBe('Admin');
  });

  it('has both security schemes, a host-root server, and public service paths', () => {
    expect(doc.components!.securitySchemes).toEqual({
      bearerToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'user_session' }),
    });
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    for (const p of ['/healthz', '/readyz', `${API_PREFIX}/openapi.json`]) expect(op('get', p).security).toEqual([]);
    expect(Object.keys(op('get', '/readyz').responses)).toEqual(['200', '500', '503']);
    const apiPaths = Object.keys(doc.paths).filter((p) => p !== '/healthz' && p !== '/readyz');
    expect(apiPaths.every((p) => p.startsWith(`${API_PREFIX}/`))).toBe(true);
  });
});

describe('examples', () => {
  it("are accepted by the routes' own zod schemas (query, body and data)", () => {
    for (const route of apiRoutes) {
      const o = op(route.method, API_PREFIX + route.path);
      if (route.query) {
        // A parameter without an example is one the query's example leaves out (e.g. one of two exclusive ones).
        const query = Object.fromEntries(
          (o.parameters ?? []).filter((p) => p.example !== undefined).map((p) => [p.name, String(p.example)]),
        );
        const parsed = route.query.safeParse(query);
        expect({ route: label(route), query, ok: parsed.success }).toEqual({ route: label(route), query, ok: true });
      }
      const body = jsonBodyOf(route);
      if (body) {
        const example = o.requestBody!.content['application/json'].example;
        const parsed = body.safeParse(example);
        expect({ route: label(route), example, ok: parsed.success }).toEqual({ route: label(route), example, ok: true });
      }
      if (route.response && route.events) {
        // A stream's example is one event: a `data:` line of JSON the response schema accepts.
        const example = o.responses['200'].content!['text/event-stream'].example as string;
        const data = JSON.parse(/^data: (.*)\n\n$/.exec(example)![1]);
        expect({ route: label(route), data, ok: route.response.safeParse(data).success }).toEqual({ route: label(route), data, ok: true });
      } else if (route.response && !route.download) {
        const status = route.successStatus ?? 200;
        const example = o.responses[String(status)].content!['application/json'].example as { data: unknown; status: number };
        expect(example.status).toBe(status);
        const parsed = route.response.safeParse(example.data);
        expect({ route: label(route), data: example.data, ok: parsed.success }).toEqual({
          route: label(route),
          data: example.data,
          ok: true,
        });
      }
    }
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('serves the same document as JSON, without credentials', async () => {
    const res = await t.http.get('/api/v1/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});

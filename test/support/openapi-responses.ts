import fs from 'node:fs';
import jestOpenAPI from 'jest-openapi';
import type { Response } from 'supertest';
import { loadRbac } from '../../src/auth/rbac';
import { apiRoutes } from '../../src/domain/routes';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/openapi/document';
import { cacheResponseValidators } from './cached-response-validators';
import { OPENAPI_DOCUMENT_ENV } from './openapi-document-file';

// Every response the suite receives is held to the OpenAPI document generated
// from the routes: its status must be documented for the operation, its
// Content-Type must be one the document lists, and a JSON body must satisfy
// the schema (jest-openapi). New routes are covered as soon as they exist.

type Schema = { [key: string]: unknown };
interface DocResponse {
  content?: Record<string, { schema?: Schema }>;
  headers?: Record<string, unknown>;
  $ref?: string;
}

const isJson = (type: string) => /^application\/([\w.-]+\+)?json$/.test(type);

/**
 * OpenAPI 3.0 writes exclusive bounds as booleans (draft 4); the JSON Schema
 * validator under jest-openapi reads them as numbers. Same meaning, newer spelling.
 */
function toNumericBounds(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(toNumericBounds);
  if (!node || typeof node !== 'object') return;
  const s = node as Schema;
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof s[flag] === 'boolean') {
      if (s[flag] && typeof s[bound] === 'number') {
        s[flag] = s[bound];
        delete s[bound];
      } else delete s[flag];
    }
  }
  Object.values(s).forEach(toNumericBounds);
}

export interface ResponseChecker {
  document: OpenApiDocument;
  /** Throws an Error that says what differs when `res` does not match the document. */
  check(res: Response): void;
}

let checker: Promise<ResponseChecker> | undefined;

/** The document generated from the routes: the one the global setup built for the run (JSON-safe), else built here. */
async function loadDocument(): Promise<OpenApiDocument> {
  const built = process.env[OPENAPI_DOCUMENT_ENV];
  if (built) return JSON.parse(fs.readFileSync(built, 'utf8')) as OpenApiDocument;
  return buildOpenApiDocument(apiRoutes, await loadRbac());
}

export function responseChecker(): Promise<ResponseChecker> {
  checker ??= loadDocument().then((document) => {
    const forValidator = structuredClone(document);
    toNumericBounds(forValidator);
    cacheResponseValidators();
    jestOpenAPI(forValidator as Parameters<typeof jestOpenAPI>[0]);
    return { document, check: (res) => checkResponse(document, res) };
  });
  return checker;
}

// supertest's Response carries the ClientRequest it answered; its typings leave it out.
const requestOf = (res: Response) => (res as unknown as { req: { method: string; path: string } }).req;

function fail(res: Response, what: string): never {
  const { method, path } = requestOf(res);
  const body = res.text && res.text.length > 600 ? `${res.text.slice(0, 600)}...` : res.text;
  throw new Error(
    `OpenAPI response check: ${method} ${path} answered ${res.status}: ${what}\nBody: ${body}\n` +
      '(the document is generated from the routes in src/domain/routes.ts; see src/openapi/document.ts)',
  );
}

function checkResponse(document: OpenApiDocument, res: Response): void {
  const req = requestOf(res);
  const pathname = new URL(req.path, 'http://localhost').pathname;
  const operation = (document.paths?.[pathname] as Record<string, { responses: Record<string, DocResponse> }> | undefined)?.[
    req.method.toLowerCase()
  ];
  if (!operation) {
    // Pages outside the API (login, callback) are not part of the document.
    if (!pathname.startsWith('/api/')) return;
    // An unknown API route is the router's 404, not an operation.
    if (res.body?.code === 'route_not_found') return;
    fail(res, 'the operation is not in the OpenAPI document');
  }
  let response = operation.responses[String(res.status)];
  if (response?.$ref) {
    const name = response.$ref.replace('#/components/responses/', '');
    response = (document.components?.responses as Record<string, DocResponse>)[name];
  }
  if (!response)
    fail(res, `status ${res.status} is not documented for this operation (documented: ${Object.keys(operation.responses).join(', ')})`);
  // An error answers one of the codes its operation lists (src/core/route-errors.ts).
  const code = (res.body as { code?: unknown } | undefined)?.code;
  const listed = (operation as { 'x-error-codes'?: string[] })['x-error-codes'];
  if (res.status >= 400 && typeof code === 'string' && listed && !listed.includes(code)) {
    fail(res, `error code "${code}" is not listed for this operation (x-error-codes: ${listed.join(', ')})`);
  }

  const documentedTypes = Object.keys(response.content ?? {});
  const contentType = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim();
  // `*/*`: a stored file, answered as whatever its bytes are.
  if (documentedTypes.length > 0 && !documentedTypes.includes(contentType) && !documentedTypes.includes('*/*')) {
    fail(res, `Content-Type "${contentType}" is not documented (documented: ${documentedTypes.join(', ')})`);
  }
  // RFC 6266: the quoted name, and filename* when it is not plain ASCII; inline only where the document says so.
  const disposition = documentedTypes.includes('*/*')
    ? /^(attachment|inline); filename=".+"(; filename\*=UTF-8''\S+)?$/
    : /^attachment; filename=".+"(; filename\*=UTF-8''\S+)?$/;
  if (response.headers?.['Content-Disposition'] && !disposition.test(String(res.headers['content-disposition']))) {
    fail(res, `Content-Disposition must be an attachment with a file name, got "${res.headers['content-disposition']}"`);
  }
  if (!isJson(contentType)) return;
  // What went over the wire (a test may parse the body its own way), as a copy: the validator may fill in defaults.
  // (A test with its own parser leaves the raw text in res.body and no res.text.)
  const raw: unknown = typeof res.text === 'string' && res.text.length > 0 ? res.text : res.body;
  const sent: unknown = typeof raw === 'string' ? JSON.parse(raw) : structuredClone(raw);
  const snapshot = { status: res.status, body: sent, text: res.text, req: requestOf(res) };
  try {
    expect(snapshot).toSatisfyApiSpec();
  } catch (err) {
    fail(res, `the body does not satisfy the document:\n${(err as Error).message}`);
  }
}

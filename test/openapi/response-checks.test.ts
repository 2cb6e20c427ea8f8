import express from 'express';
import supertest from 'supertest';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { responseChecker, type ResponseChecker } from '../support/openapi-responses';

// The suite's response checks must catch a response that strays from the
// document. A stand-in server answers documented paths in undocumented ways;
// the real app shows that the checks run on every request of a test.

let checker: ResponseChecker;
let t: TestApp;
let w: World;
const now = new Date().toISOString();

const standIn = express();
standIn.get('/api/v1/orgs', (req, res) => {
  const variant = typeof req.query.variant === 'string' ? req.query.variant : undefined;
  if (variant === 'good') return res.json({ data: [{ orgId: 1, orgName: 'Acme', createdAt: now }], status: 200 });
  if (variant === 'extra') return res.json({ data: [{ orgId: 1, orgName: 'Acme', createdAt: now, tokenHash: 'x' }], status: 200 });
  if (variant === 'missing') return res.json({ data: [{ orgId: 1, createdAt: now }], status: 200 });
  if (variant === 'teapot') return res.status(418).json({ error: 'I am a teapot', status: 418 });
  if (variant === 'text401') return res.status(401).json({ error: 'Please log in', status: 401, code: 'unauthorized' });
  if (variant === 'no-code') return res.status(401).json({ error: 'Unauthorized - Please login', status: 401 });
  if (variant === 'unlisted')
    return res.status(403).json({ error: 'Forbidden - User does not have access', status: 403, code: 'forbidden_origin' });
  if (variant === 'html') return res.type('html').send('<p>hi</p>');
  res.json({ data: [], status: 201 });
});
standIn.get('/api/v1/tests/download', (_req, res) => res.type('text/plain').send('a,b'));
standIn.get('/api/v1/unheard-of', (_req, res) => res.json({ data: 1, status: 200 }));
standIn.get('/api/v1/nowhere', (_req, res) => res.status(404).json({ error: 'Route not found', status: 404, code: 'route_not_found' }));
const ask = (p: string) =>
  supertest(standIn)
    .get(p)
    .then((res) => res);

beforeAll(async () => {
  checker = await responseChecker();
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

describe('the response checks', () => {
  it('accept a response that matches the document, and the router 404 of an unknown route', async () => {
    await expect(ask('/api/v1/orgs?variant=good').then((r) => checker.check(r))).resolves.toBeUndefined();
    await expect(ask('/api/v1/nowhere').then((r) => checker.check(r))).resolves.toBeUndefined();
  });

  it.each([
    ['extra', /must NOT have additional properties/],
    ['missing', /must have required property 'orgName'/],
    ['teapot', /status 418 is not documented for this operation \(documented: 200, 304, 400, 401, 403, 429, 500, 503\)/],
    ['text401', /must be equal to one of the allowed values/],
    ['no-code', /must have required property 'code'/],
    // A GET cannot be refused for its origin: forbidden_origin is a 403 code, but not one of GET /orgs's.
    [
      'unlisted',
      /error code "forbidden_origin" is not listed for this operation \(x-error-codes: unauthorized, rate_limited, forbidden, validation_failed/,
    ],
    ['html', /Content-Type "text\/html" is not documented \(documented: application\/json\)/],
    ['wrong-status', /status must be equal to one of the allowed values/],
  ])('reject a %s response with a message that says what differs', async (variant, message) => {
    const res = await ask(`/api/v1/orgs?variant=${variant}`);
    expect(() => checker.check(res)).toThrow(message);
    expect(() => checker.check(res)).toThrow(
      new RegExp(`^OpenAPI response check: GET /api/v1/orgs\\?variant=${variant} answered ${res.status}`),
    );
  });

  it('reject an undocumented download type and an undocumented operation', async () => {
    const download = await ask('/api/v1/tests/download');
    expect(() => checker.check(download)).toThrow(/Content-Type "text\/plain" is not documented/);
    const unknown = await ask('/api/v1/unheard-of');
    expect(() => checker.check(unknown)).toThrow(/the operation is not in the OpenAPI document/);
  });

  it("run on the test app's requests: an undocumented answer fails the request", async () => {
    // GET /orgs takes no body, so the document lists no 415 for it.
    const request = t.as(w.reader.token).get('/orgs').set('Content-Type', 'text/plain').send('hello');
    await expect(request).rejects.toThrow(/GET \/api\/v1\/orgs answered 415: status 415 is not documented/);
    const plain = t.http.get('/api/v1/orgs').set('Content-Type', 'text/plain').send('hello');
    await expect(plain).rejects.toThrow(/answered 415: status 415 is not documented/);
    await t.as(w.reader.token).get('/orgs').expect(200);
  });
});

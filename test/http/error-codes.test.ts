import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import express from 'express';
import supertest from 'supertest';
import { ERROR_CODES, errorCodeList } from '../../src/core/error-codes';
import { openDatabase } from '../../src/db/client';
import { errorHandler } from '../../src/http/error-handler';
import { answerClientError } from '../../src/http/http-server';
import { createLogger } from '../../src/logger';
import { createMcpEndpoint } from '../../src/mcp/http-endpoint';
import { createTestApp, type TestApp } from '../support/app';
import { createSection } from '../support/catalog-factories';
import { createProject, createWorld, type World } from '../support/factories';
import { importJUnit } from '../support/junit-import';

// The one list of error codes (src/core/error-codes.ts; docs/error-codes.md is generated from it):
// every code produced by a test that asserts it exactly. Codes no other test file produces are produced here.

const ROOT = path.join(__dirname, '..', '..');

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

/** Test files holding `code: '<code>'`, an exact assertion of the envelope's code. */
function testFilesAsserting(code: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.test\.tsx?$/.test(entry.name) && fs.readFileSync(file, 'utf8').includes(`code: '${code}'`)) found.push(file);
    }
  };
  walk(path.join(ROOT, 'test'));
  return found;
}

describe('the list of codes', () => {
  it('is snake_case, each with an error status, a meaning and what to do', () => {
    for (const code of errorCodeList) {
      const info = ERROR_CODES[code];
      expect({ code, ok: /^[a-z]+(_[a-z]+)*$/.test(code) && info.status >= 400 && info.status < 600 }).toEqual({ code, ok: true });
      expect(info.meaning.length).toBeGreaterThan(10);
      expect(info.action.length).toBeGreaterThan(5);
    }
  });

  it('has every code but the reserved ones produced and asserted exactly by some test', () => {
    const unasserted = errorCodeList.filter((code) => !('reserved' in ERROR_CODES[code]) && testFilesAsserting(code).length === 0);
    expect(unasserted).toEqual([]);
  });
});

describe('codes produced here', () => {
  it('invalid_reference: a parent section of another project; section_not_found: an unknown section', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId);
    const theirs = await createSection(t.db, w.projectB.projectId, 'Theirs');
    const foreign = await t
      .as(w.user.token)
      .post('/project/add-section', { projectId, sectionName: 'Mine', parentSectionId: theirs.sectionId });
    expect(foreign.body).toEqual({
      error: 'Invalid request: parentSectionId: Not a section of this project',
      status: 400,
      code: 'invalid_reference',
    });
    const missing = await t.as(w.user.token).put('/project/edit-section', { sectionId: 2_000_000_000, sectionName: 'x' });
    expect(missing.body).toEqual({ error: 'Section not found', status: 404, code: 'section_not_found' });
    expect(await t.db.section.count({ where: { projectId } })).toBe(0);
  });

  it('no_matching_tests: a run of a selection that matches nothing', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId);
    const res = await t.as(w.user.token).post('/run/create', { projectId, runName: 'nothing', allTests: true });
    expect(res.body).toEqual({ error: 'Invalid request: no tests match the selection', status: 400, code: 'no_matching_tests' });
  });

  it('junit_malformed: a broken report, naming where', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId);
    const broken = await importJUnit(t, w.user.token, { projectId, createMissing: true }, '<testsuite name="s">\n<testcase name="a">');
    expect(broken.body).toEqual({
      error: expect.stringMatching(/^Invalid request: malformed XML at line 2/),
      status: 400,
      code: 'junit_malformed',
    });
    expect(await t.db.run.count({ where: { projectId } })).toBe(0);
  });

  it('not_found: a web app asset that does not exist', async () => {
    const res = await t.http.get('/assets/nothing-here.js');
    expect(res.body).toEqual({ error: 'Asset not found', status: 404, code: 'not_found' });
  });

  it('internal: a fault of the server, without its details', async () => {
    const app = express();
    app.get('/boom', () => {
      throw new Error('secret detail of a fault');
    });
    app.use(errorHandler);
    const res = await supertest(app).get('/boom');
    expect(res.body).toEqual({ error: 'Internal server error', status: 500, code: 'internal' });
    expect(res.text).not.toContain('secret');
  });

  it('request_timeout: a request the HTTP parser gave up on, answered in the envelope', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const server = net.createServer((socket) =>
        answerClientError(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket),
      );
      server.listen(0, '127.0.0.1', () => {
        const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
        let text = '';
        client.on('data', (chunk) => (text += chunk.toString()));
        client.on('close', () => server.close(() => resolve(text)));
        client.on('error', reject);
      });
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1])).toEqual({ error: 'Request timeout', status: 408, code: 'request_timeout' });
  });

  it('server_shutting_down: the MCP endpoint once it is closing', async () => {
    const database = await openDatabase(t.config);
    const endpoint = await createMcpEndpoint({ config: t.config, database, logger: createLogger('silent') });
    const app = express();
    app.use(endpoint.path, endpoint.handler);
    await endpoint.close();
    const res = await supertest(app).post('/mcp').set('Authorization', `Bearer ${w.user.token}`).send({});
    expect(res.body).toEqual({ error: 'Service unavailable', status: 503, code: 'server_shutting_down' });
    expect(res.headers['retry-after']).toBeDefined();
    await database.close();
  });
});

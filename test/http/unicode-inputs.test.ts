import { createSession } from '../../src/auth/sessions';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { ALL_TOOLS, connectMcp, errorOf, startRealApp, type McpSession, type RunningApp } from '../mcp/support';

// An unpaired UTF-16 surrogate ("\ud800" in JSON) has no UTF-8 form: PostgreSQL
// rejects it in text and in the audit's JSON, which was a 500. Every string of a
// request, value or object key at any depth, is checked before validation: 400
// naming the field, and nothing is written.

const SURROGATE = 'Must be well-formed Unicode (holds an unpaired surrogate)';
const refused = (...fields: string[]) => ({
  error: `Invalid request: ${fields.map((f) => `${f}: ${SURROGATE}`).join('; ')}`,
  status: 400,
  code: 'validation_failed',
});

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const writes = async () => ({
  tokens: await t.db.apiToken.count(),
  tests: await t.db.test.count(),
  audit: await t.db.auditEvent.count(),
  runs: await t.db.run.count(),
});

describe('an unpaired surrogate in a request', () => {
  it('in a token name: 400 naming name, no token and no audit entry', async () => {
    const before = await writes();
    const session = await createSession(t.db, w.admin.userId, 60_000);
    for (const name of ['\ud800', 'ci \udfff', 'x\ud83d']) {
      const res = await t.http
        .post('/api/v1/token/generate')
        .set('Cookie', `user_session=${session.secret}`)
        .send({ userId: w.admin.userId, name })
        .expect(400);
      expect(res.body).toEqual(refused('name'));
    }
    // For another user too, by an Admin's token (the minting that writes an audit entry).
    const other = await t.as(w.admin.token).post('/token/generate', { userId: w.user.userId, name: 'bad\udc00' }).expect(400);
    expect(other.body).toEqual(refused('name'));
    expect(await writes()).toEqual(before);
    // A surrogate pair is a character like any other.
    await t.as(w.admin.token).post('/token/generate', { userId: w.user.userId, name: 'ci 😀' }).expect(201);
  });

  it('in a test title, at any depth of the body: 400 naming the path, no test written', async () => {
    const projectId = w.projectA.projectId;
    const user = t.as(w.user.token);
    const before = await writes();
    expect((await user.post('/test/create', { projectId, title: 'Login \ud800' }).expect(400)).body).toEqual(refused('title'));
    const bulk = await user
      .post('/test/bulk-add', { projectId, tests: [{ title: 'fine' }, { title: 'fine too', steps: '\udbff' }, { title: '\udc00' }] })
      .expect(400);
    expect(bulk.body).toEqual(refused('tests.1.steps', 'tests.2.title'));
    const labels = await user.post('/project/add-labels', { projectId, labels: ['good', 'b\ud800d'] }).expect(400);
    expect(labels.body).toEqual(refused('labels.1'));
    expect(await writes()).toEqual(before);
    const made = await user.post('/test/create', { projectId, title: 'Login 😀' }).expect(201);
    expect(made.body.data.title).toBe('Login 😀');
  });

  it('as a JSON object key, at the top or nested: 400 naming the key, escaped', async () => {
    const projectId = w.projectA.projectId;
    const user = t.as(w.user.token);
    const before = await writes();
    const top = await user.post('/test/create', { projectId, title: 'ok', '\ud800': 1 }).expect(400);
    expect(top.body).toEqual(refused('\\ud800'));
    const nested = await user.post('/test/bulk-add', { projectId, tests: [{ title: 'ok', ['k\udc00']: 'v' }] }).expect(400);
    expect(nested.body).toEqual(refused('tests.0.k\\udc00'));
    expect(await writes()).toEqual(before);
  });

  it('in a run name: 400, no run made', async () => {
    const projectId = w.projectA.projectId;
    const user = t.as(w.user.token);
    const before = await writes();
    await user.post('/run/create', { projectId, runName: 'r\ud800', testIds: [] }).expect(400, refused('runName'));
    expect(await writes()).toEqual(before);
  });

  it('cannot come in a query string or a form: their bytes decode to U+FFFD, a character like any other', async () => {
    // The request line is bytes; %ED%A0%80 (a surrogate's would-be UTF-8) is not UTF-8 and decodes to U+FFFD.
    const res = await t
      .as(w.reader.token)
      .get('/project/tests?projectId=' + String(w.projectA.projectId) + '&search=%ED%A0%80')
      .expect(200);
    expect(res.body.data.total).toBe(0);
    // A form post (sign in with a token) is decoded the same way: an unknown token, not a 500.
    const form = await t.http
      .post('/auth/token')
      .set('Origin', 'http://localhost:3000')
      .type('form')
      .send('token=cb_%ED%A0%80')
      .expect(401);
    expect(form.text).toContain('This API token is not valid');
  });
});

describe('through the MCP tool server', () => {
  let app: RunningApp;
  let mcp: McpSession;
  let mw: World;
  beforeAll(async () => {
    app = await startRealApp();
    mw = await createWorld(app.db);
    mcp = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: mw.user.token }, ALL_TOOLS);
  });
  afterAll(async () => {
    await mcp?.close();
    await app?.close();
  });

  it('a tool call with an unpaired surrogate gets the REST refusal, and nothing is written', async () => {
    const tests = await app.db.test.count();
    const { message } = errorOf(await mcp.call('create-test', { projectId: mw.projectA.projectId, testName: 'mcp \ud800' }));
    // The tool names its own parameter for REST's title.
    expect(message).toBe(refused('testName').error);
    expect(await app.db.test.count()).toBe(tests);
  });
});

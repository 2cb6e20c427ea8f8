import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { importJUnit, suite } from '../support/junit-import';

// A run's CI build (commit, branch, build number and URL, job): set at create and edit, read on
// every run record, checked field by field, and part of the run's edit stamp.

let t: TestApp;
let w: World;
let p: number;
let testId: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  [testId] = await createTests(t.db, p, 1);
});
afterAll(() => t.close());

const build = { commit: '3f9c2ab7', branch: 'main', buildNumber: '1287', buildUrl: 'https://ci.example.test/b/1287', ciJob: 'e2e' };

function create(body: Record<string, unknown>, token = w.user.token) {
  return t.as(token).post('/run/create', { projectId: p, runName: 'Nightly', testIds: [testId], ...body });
}

describe('build on runs', () => {
  it('is stored at create and shown by detail and the runs list; a run without one shows null', async () => {
    const made = await create({ build }).expect(201);
    expect(made.body.data.build).toEqual(build);
    const runId = made.body.data.runId;
    const detail = await t.as(w.reader.token).get('/run/detail', { projectId: p, runId }).expect(200);
    expect(detail.body.data.build).toEqual(build);
    const list = await t.as(w.reader.token).get('/runs', { projectId: p }).expect(200);
    expect(list.body.data.runs.find((r: { runId: number }) => r.runId === runId).build).toEqual(build);

    const plain = await create({}).expect(201);
    expect(plain.body.data.build).toBeNull();
    const empty = await create({ testIds: [], empty: true, build: { commit: 'abc' } }).expect(201);
    expect(empty.body.data.build).toEqual({ commit: 'abc', branch: null, buildNumber: null, buildUrl: null, ciJob: null });
  });

  it('is edited field by field: given fields set, null clears one, absent ones stay, build: null clears all', async () => {
    const runId = (await create({ build }).expect(201)).body.data.runId;
    const edit = (b: unknown) => t.as(w.user.token).put('/run/edit', { projectId: p, runId, build: b });
    expect((await edit({ buildNumber: '1288', ciJob: null }).expect(200)).body.data.build).toEqual({
      ...build,
      buildNumber: '1288',
      ciJob: null,
    });
    expect((await t.as(w.user.token).put('/run/edit', { projectId: p, runId, runName: 'Renamed' }).expect(200)).body.data.build).toEqual({
      ...build,
      buildNumber: '1288',
      ciJob: null,
    });
    expect((await edit(null).expect(200)).body.data.build).toBeNull();
    const row = await t.db.run.findUniqueOrThrow({ where: { runId } });
    expect([row.buildCommit, row.buildBranch, row.buildNumber, row.buildUrl, row.ciJob]).toEqual([null, null, null, null, null]);
  });

  it('refuses bad fields with 400 validation_failed and writes nothing', async () => {
    const runsBefore = await t.db.run.count();
    const cases: [unknown, string][] = [
      [{ commit: 'x'.repeat(501) }, 'build.commit: At most 500 characters'],
      [{ buildUrl: 'javascript:alert(1)' }, 'build.buildUrl: Expected an http(s) URL'],
      [{ buildUrl: 'not a url' }, 'build.buildUrl: Expected an http(s) URL'],
      [{ branch: '   ' }, 'build.branch: Must not be empty'],
      [{ branch: 12 }, 'build.branch'],
      [{ sha: 'abc' }, 'build'],
      ['main', 'build'],
    ];
    for (const [bad, message] of cases) {
      const res = await create({ build: bad }).expect(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error).toContain(message);
    }
    expect(await t.db.run.count()).toBe(runsBefore);

    const runId = (await create({ build }).expect(201)).body.data.runId;
    const res = await t
      .as(w.user.token)
      .put('/run/edit', { projectId: p, runId, build: { buildUrl: 'ftp://ci.example.test/1' } })
      .expect(400);
    expect(res.body.code).toBe('validation_failed');
    expect((await t.db.run.findUniqueOrThrow({ where: { runId } })).buildUrl).toBe(build.buildUrl);
  });

  it('moves the run’s edit stamp: an edit made against a read from before a build change is 412', async () => {
    const runId = (await create({ build }).expect(201)).body.data.runId;
    const read = await t.as(w.user.token).get('/run/detail', { projectId: p, runId }).expect(200);
    await t
      .as(w.admin.token)
      .put('/run/edit', { projectId: p, runId, build: { branch: 'release/2.4' } })
      .expect(200);
    const stale = await t
      .as(w.user.token)
      .put('/run/edit', { projectId: p, runId, runName: 'Mine' })
      .set('If-Match', read.headers.etag)
      .expect(412);
    expect(stale.body.code).toBe('edit_conflict');
  });

  it('is refused to a Reader (403) and in another organization (404), writing nothing', async () => {
    const runId = (await create({ build }).expect(201)).body.data.runId;
    await t
      .as(w.reader.token)
      .put('/run/edit', { projectId: p, runId, build: { branch: 'x' } })
      .expect(403);
    await t
      .as(w.adminB.token)
      .put('/run/edit', { projectId: p, runId, build: { branch: 'x' } })
      .expect(404);
    await create({ build }, w.reader.token).expect(403);
    expect((await t.db.run.findUniqueOrThrow({ where: { runId } })).buildBranch).toBe('main');
  });
});

describe('build on JUnit imports', () => {
  const xml = suite('s', '<testcase classname="shop.Cart" name="adds"/>');

  it('is set on the new run from the query, and on a given run field by field (the others kept)', async () => {
    const made = await importJUnit(t, w.user.token, { projectId: p, createMissing: true, ...build }, xml).expect(201);
    const runId = made.body.data.runId;
    expect((await t.as(w.reader.token).get('/run/detail', { projectId: p, runId }).expect(200)).body.data.build).toEqual(build);

    await importJUnit(t, w.user.token, { projectId: p, runId, createMissing: true, buildNumber: '1288', commit: 'abcdef1' }, xml).expect(
      201,
    );
    const after = (await t.as(w.reader.token).get('/run/detail', { projectId: p, runId }).expect(200)).body.data.build;
    expect(after).toEqual({ ...build, buildNumber: '1288', commit: 'abcdef1' });
  });

  it('is not written by a dry run, and a bad field is 400 with nothing written', async () => {
    const runId = (await create({ build }).expect(201)).body.data.runId;
    await importJUnit(t, w.user.token, { projectId: p, runId, createMissing: true, dryRun: true, branch: 'other' }, xml).expect(201);
    expect((await t.db.run.findUniqueOrThrow({ where: { runId } })).buildBranch).toBe('main');

    const runsBefore = await t.db.run.count();
    const bad = await importJUnit(t, w.user.token, { projectId: p, createMissing: true, buildUrl: 'file:///etc/passwd' }, xml).expect(400);
    expect(bad.body.code).toBe('validation_failed');
    expect(bad.body.error).toContain('buildUrl: Expected an http(s) URL');
    const blank = await importJUnit(t, w.user.token, { projectId: p, runId, branch: '' }, xml).expect(400);
    expect(blank.body.error).toContain('branch: Must not be empty');
    expect(await t.db.run.count()).toBe(runsBefore);
    expect((await t.db.run.findUniqueOrThrow({ where: { runId } })).buildBranch).toBe('main');
  });
});

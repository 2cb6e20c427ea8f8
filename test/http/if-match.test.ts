import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createLabel, createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';

// Writes of one record (a test, a run, a project) with If-Match: the ETag of the
// record's read. Another edit of the record since that read is 412 edit_conflict and
// writes nothing; a change elsewhere in the project is not a conflict; no header
// writes as before; roles and tenancy decide before the ETag is looked at.

let t: TestApp;
let w: World;
let p: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
});
afterAll(() => t.close());

/** The ETag of a 200 read. */
async function etagOf(path: string, query: Record<string, unknown>, token = w.reader.token): Promise<string> {
  const res = await t.as(token).get(path, query).expect(200);
  expect(res.headers.etag).toMatch(/^W\/".+~[0-9a-f]{8}~-.+"$/);
  return res.headers.etag;
}

const CONFLICT = { status: 412, code: 'edit_conflict' };

describe('PUT /test/update with If-Match', () => {
  it('writes when the ETag is current (200), and refuses a stale one with 412 edit_conflict, writing nothing', async () => {
    const [testId] = await createTests(t.db, p, 1);
    const read = { projectId: p, testId };
    const seen = await etagOf('/test/details', read);
    // Two people read the same version; the first save wins and moves the test's version.
    const first = await t
      .as(w.user.token)
      .put('/test/update', { projectId: p, testId, title: 'Mine first' })
      .set('If-Match', seen)
      .expect(200);
    expect(first.body.data.title).toBe('Mine first');
    const stale = await t
      .as(w.user.token)
      .put('/test/update', { projectId: p, testId, title: 'Theirs later', steps: 'x' })
      .set('If-Match', seen)
      .expect(412);
    expect(stale.body).toMatchObject(CONFLICT);
    expect(stale.body.error).toMatch(/Test changed since it was read/);
    const stored = await t.db.test.findUniqueOrThrow({ where: { testId } });
    expect(stored).toMatchObject({ title: 'Mine first', steps: null });
    // With the new ETag the second save goes through.
    const fresh = await etagOf('/test/details', read);
    expect(fresh).not.toBe(seen);
    await t.as(w.user.token).put('/test/update', { projectId: p, testId, title: 'Theirs later' }).set('If-Match', fresh).expect(200);
  });

  it('takes a list of tags and *, and compares only the test: writes elsewhere in the project are no conflict', async () => {
    const [testId, other] = await createTests(t.db, p, 2);
    const seen = await etagOf('/test/details', { projectId: p, testId });
    // Another test changes, a run is started and marked: the project's ETags move, this test does not.
    await t.as(w.user.token).put('/test/update', { projectId: p, testId: other, title: 'Another test' }).expect(200);
    const run = await startRun(t, w.user.token, p, [other]);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { runId: run.runId, projectId: p, testResults: [{ testId: other, status: 'passed' }] })
      .expect(200);
    const now = await etagOf('/test/details', { projectId: p, testId });
    expect(now).not.toBe(seen);
    await t
      .as(w.user.token)
      .put('/test/update', { projectId: p, testId, steps: 'Step 1' })
      .set('If-Match', `W/"nope", ${seen}`)
      .expect(200);
    await t.as(w.user.token).put('/test/update', { projectId: p, testId, steps: 'Step 2' }).set('If-Match', '*').expect(200);
    // A tag without a stamp (a list's ETag) never matches one record.
    const list = await t.as(w.reader.token).get('/project/tests', { projectId: p }).expect(200);
    await t.as(w.user.token).put('/test/update', { projectId: p, testId, steps: 'Step 3' }).set('If-Match', list.headers.etag).expect(412);
    expect((await t.db.test.findUniqueOrThrow({ where: { testId } })).steps).toBe('Step 2');
  });

  it('a labels-only change is an edit of the test too', async () => {
    const [testId] = await createTests(t.db, p, 1);
    const label = await createLabel(t.db, p, `L ${testId}`);
    const seen = await etagOf('/test/details', { projectId: p, testId });
    await t
      .as(w.user.token)
      .put('/test/update', { projectId: p, testId, labels: [label.labelId] })
      .expect(200);
    await t.as(w.user.token).put('/test/update', { projectId: p, testId, title: 'x' }).set('If-Match', seen).expect(412);
  });

  it('without If-Match, the last write wins as before', async () => {
    const [testId] = await createTests(t.db, p, 1);
    await t.as(w.user.token).put('/test/update', { projectId: p, testId, title: 'One' }).expect(200);
    const res = await t.as(w.user.token).put('/test/update', { projectId: p, testId, title: 'Two' }).expect(200);
    expect(res.body.data.title).toBe('Two');
  });

  it('roles and tenancy decide first: a Reader is 403, a test of another organization 404, whatever the ETag', async () => {
    const [testId] = await createTests(t.db, p, 1);
    const seen = await etagOf('/test/details', { projectId: p, testId });
    await t.as(w.reader.token).put('/test/update', { projectId: p, testId, title: 'No' }).set('If-Match', seen).expect(403);
    const [theirs] = await createTests(t.db, w.projectB.projectId, 1);
    const res = await t.as(w.user.token).put('/test/update', { testId: theirs, title: 'No' }).set('If-Match', seen).expect(404);
    expect(res.body.code).toBe('test_not_found');
    // Bad input is 400 before the ETag is compared.
    await t.as(w.user.token).put('/test/update', { projectId: p, testId, title: '' }).set('If-Match', 'W/"stale"').expect(400);
    expect((await t.db.test.findUniqueOrThrow({ where: { testId } })).title).not.toBe('No');
  });

  it('two saves racing with the same ETag: exactly one is written, the other is 412', async () => {
    const [testId] = await createTests(t.db, p, 1);
    const seen = await etagOf('/test/details', { projectId: p, testId });
    const results = await Promise.all(
      ['Racer A', 'Racer B'].map((title) => t.as(w.user.token).put('/test/update', { projectId: p, testId, title }).set('If-Match', seen)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = results.find((r) => r.status === 200)!;
    expect((await t.db.test.findUniqueOrThrow({ where: { testId } })).title).toBe(winner.body.data.title);
  });
});

describe('PUT /run/edit with If-Match', () => {
  it('200 on the current ETag, 412 on a stale one with nothing written; marking results is no conflict', async () => {
    const ids = await createTests(t.db, p, 2);
    const run = await startRun(t, w.user.token, p, ids, 'Nightly');
    const read = { projectId: p, runId: run.runId };
    const seen = await etagOf('/run/detail', read);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { runId: run.runId, projectId: p, testResults: [{ testId: ids[0], status: 'failed' }] })
      .expect(200);
    await t
      .as(w.user.token)
      .put('/run/edit', { ...read, runName: 'Nightly 1' })
      .set('If-Match', seen)
      .expect(200);
    const stale = await t
      .as(w.user.token)
      .put('/run/edit', { ...read, runDescription: 'late' })
      .set('If-Match', seen)
      .expect(412);
    expect(stale.body).toMatchObject(CONFLICT);
    expect(await t.db.run.findUniqueOrThrow({ where: { runId: run.runId } })).toMatchObject({ runName: 'Nightly 1', runDescription: null });
    await t
      .as(w.user.token)
      .put('/run/edit', { ...read, runDescription: 'late' })
      .set('If-Match', await etagOf('/run/detail', read))
      .expect(200);
    // No header: as before.
    await t
      .as(w.user.token)
      .put('/run/edit', { ...read, runName: 'Plain' })
      .expect(200);
  });

  it('a Reader is 403, a run of another organization 404', async () => {
    const ids = await createTests(t.db, p, 1);
    const run = await startRun(t, w.user.token, p, ids);
    const seen = await etagOf('/run/detail', { projectId: p, runId: run.runId });
    await t.as(w.reader.token).put('/run/edit', { projectId: p, runId: run.runId, runName: 'No' }).set('If-Match', seen).expect(403);
    const theirIds = await createTests(t.db, w.projectB.projectId, 1);
    const theirs = await startRun(t, w.adminB.token, w.projectB.projectId, theirIds);
    const res = await t
      .as(w.user.token)
      .put('/run/edit', { projectId: w.projectB.projectId, runId: theirs.runId, runName: 'No' })
      .set('If-Match', seen);
    expect(res.status).toBe(404);
  });
});

describe('PUT /project/edit with If-Match', () => {
  it('200 on the current ETag, 412 on a stale one with nothing written; new tests are no conflict', async () => {
    const seen = await etagOf('/project/detail', { projectId: p });
    await createTests(t.db, p, 1);
    await t.as(w.user.token).post('/test/create', { projectId: p, title: 'Moves the project counter' }).expect(201);
    const renamed = `Renamed ${Date.now()}`;
    await t.as(w.user.token).put('/project/edit', { projectId: p, projectName: renamed }).set('If-Match', seen).expect(200);
    const stale = await t
      .as(w.user.token)
      .put('/project/edit', { projectId: p, projectDescription: 'late' })
      .set('If-Match', seen)
      .expect(412);
    expect(stale.body).toMatchObject(CONFLICT);
    expect(await t.db.project.findUniqueOrThrow({ where: { projectId: p } })).toMatchObject({
      projectName: renamed,
      projectDescription: null,
    });
    await t
      .as(w.user.token)
      .put('/project/edit', { projectId: p, projectDescription: 'late' })
      .set('If-Match', await etagOf('/project/detail', { projectId: p }))
      .expect(200);
    await t.as(w.user.token).put('/project/edit', { projectId: p, projectDescription: 'no header' }).expect(200);
  });

  it('a Reader is 403, a project of another organization 404', async () => {
    const seen = await etagOf('/project/detail', { projectId: p });
    await t.as(w.reader.token).put('/project/edit', { projectId: p, projectName: 'No' }).set('If-Match', seen).expect(403);
    const res = await t.as(w.user.token).put('/project/edit', { projectId: w.projectB.projectId, projectName: 'No' }).set('If-Match', seen);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('project_not_found');
  });
});

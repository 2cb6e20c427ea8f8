import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { importJUnit, suite, tableCounts } from '../support/junit-import';

// An import's progress: the client names the import with an
// X-Import-Progress id and polls GET /run/import-progress while it waits. The
// table is written outside the import's transaction; only its own user reads it.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const newProject = async () => (await createProject(t.db, w.orgA.orgId)).projectId;
const HEADER = 'X-Import-Progress';
const cases = (n: number) => Array.from({ length: n }, (_, i) => `<testcase classname="c" name="t${i}" time="0.01"/>`);
const progressOf = (token: string, projectId: number, progressId: string) =>
  t.as(token).get('/run/import-progress', { projectId, progressId });

it('answers done with every result written after an import, and done with the tests matched after a dry run', async () => {
  const projectId = await newProject();
  const progressId = randomUUID();
  const xml = suite('s', ...cases(1200));
  const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml, { [HEADER]: progressId }).expect(201);
  expect(res.body.data).toMatchObject({ created: 1200 });
  const progress = await progressOf(w.user.token, projectId, progressId).expect(200);
  expect(progress.body).toEqual({
    data: { progressId, phase: 'done', done: 1200, total: 1200, updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    status: 200,
  });

  const dryId = randomUUID();
  await importJUnit(t, w.user.token, { projectId, dryRun: true }, suite('s', ...cases(3)), { [HEADER]: dryId }).expect(201);
  const dry = await progressOf(w.user.token, projectId, dryId).expect(200);
  expect(dry.body.data).toMatchObject({ progressId: dryId, phase: 'done', done: 3, total: 3 });
});

it('says failed when the import is refused after its report was read', async () => {
  const projectId = await newProject();
  const progressId = randomUUID();
  await importJUnit(t, w.user.token, { projectId, runId: 999999 }, suite('s', ...cases(2)), { [HEADER]: progressId }).expect(404);
  const progress = await progressOf(w.user.token, projectId, progressId).expect(200);
  expect(progress.body.data).toMatchObject({ phase: 'failed' });
});

it("is 404 for an unknown id, for another user's and in another project; another user cannot take over an id", async () => {
  const projectId = await newProject();
  await progressOf(w.user.token, projectId, randomUUID()).expect(404, {
    error: 'Import progress not found',
    status: 404,
    code: 'import_progress_not_found',
  });
  const progressId = randomUUID();
  await importJUnit(t, w.admin.token, { projectId, createMissing: true }, suite('s', ...cases(2)), { [HEADER]: progressId }).expect(201);
  await progressOf(w.admin.token, projectId, progressId).expect(200);
  await progressOf(w.user.token, projectId, progressId).expect(404, {
    error: 'Import progress not found',
    status: 404,
    code: 'import_progress_not_found',
  });
  await progressOf(w.admin.token, await newProject(), progressId).expect(404);
  // The same id sent by another user writes nothing under it: the owner's progress stays.
  await importJUnit(t, w.user.token, { projectId, dryRun: true }, suite('s', ...cases(5)), { [HEADER]: progressId }).expect(201);
  const kept = await progressOf(w.admin.token, projectId, progressId).expect(200);
  expect(kept.body.data).toMatchObject({ phase: 'done', done: 2, total: 2 });
  await progressOf(w.user.token, projectId, progressId).expect(404);
});

it('is 400 for an X-Import-Progress that is not a UUID, before anything is written, and for a bad progressId', async () => {
  const projectId = await newProject();
  const before = await tableCounts(t.db);
  for (const bad of ['42', 'not-a-uuid', `${randomUUID()}x`]) {
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, suite('s', ...cases(2)), { [HEADER]: bad }).expect(
      400,
    );
    expect(res.body.error).toMatch(/x-import-progress must be a UUID/);
  }
  expect(await tableCounts(t.db)).toEqual(before);
  const res = await progressOf(w.user.token, projectId, 'nope').expect(400);
  expect(res.body.error).toMatch(/progressId must be a UUID/);
});

it('is 403 for a Reader, who may not import; 404 for a project of another organization', async () => {
  const projectId = await newProject();
  await progressOf(w.reader.token, projectId, randomUUID()).expect(403);
  await progressOf(w.user.token, w.projectB.projectId, randomUUID()).expect(404, {
    error: 'Project not found',
    status: 404,
    code: 'project_not_found',
  });
});

it('deletes progress older than an hour when the next import starts', async () => {
  const projectId = await newProject();
  const old = randomUUID();
  await importJUnit(t, w.user.token, { projectId, dryRun: true }, suite('s', ...cases(1)), { [HEADER]: old }).expect(201);
  await t.db.$executeRaw`UPDATE import_progress SET updated_at = now() - interval '61 minutes' WHERE id = ${old}::uuid`;
  await importJUnit(t, w.user.token, { projectId, dryRun: true }, suite('s', ...cases(1)), { [HEADER]: randomUUID() }).expect(201);
  await progressOf(w.user.token, projectId, old).expect(404);
});

it("shows the writing phase to a poller while the import's transaction is still open", async () => {
  const projectId = await newProject();
  const xml = suite('s', ...cases(1500));
  await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
  const progressId = randomUUID();
  let answer: Promise<{ status: number }> | undefined;
  const seen: unknown[] = [];
  // The import's last write bumps the project's change counter: holding the project's row
  // keeps its transaction open after every result is written, until the poller has looked.
  await t.db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM projects WHERE id = ${projectId} FOR NO KEY UPDATE`;
      answer = importJUnit(t, w.user.token, { projectId, runName: 'held' }, xml, { [HEADER]: progressId }).then((res) => res);
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const res = await progressOf(w.user.token, projectId, progressId);
        if (res.status === 200) seen.push(res.body.data.phase);
        if (res.status === 200 && res.body.data.phase === 'writing' && res.body.data.done === 1500) {
          expect(res.body.data).toMatchObject({ done: 1500, total: 1500 });
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    { timeout: 30_000 },
  );
  expect((await answer!).status).toBe(201);
  expect(seen).toContain('writing');
  expect(seen).not.toContain('done');
  const progress = await progressOf(w.user.token, projectId, progressId).expect(200);
  expect(progress.body.data).toMatchObject({ phase: 'done', done: 1500, total: 1500 });
});

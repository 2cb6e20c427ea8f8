import { createTestApp, type TestApp } from '../support/app';
import { createProject, createUser, createWorld, type World } from '../support/factories';
import { countedStatuses } from '../support/run-factories';
import { importJUnit, suite, tableCounts } from '../support/junit-import';

// POST /run/import-junit as CI uses it across jobs: a dry run asked
// again with the same Idempotency-Key is planned afresh, and shards of one test job import
// into one run, created empty beforehand, at the same time.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const newProject = async () => (await createProject(t.db, w.orgA.orgId)).projectId;

describe('a dry run with an Idempotency-Key', () => {
  it('is planned afresh each time, never answered from the idempotency store; the real import still is', async () => {
    const projectId = await newProject();
    const xml = suite(
      's',
      '<testcase classname="shop.Cart" name="adds"/>',
      '<testcase classname="shop.Cart" name="removes"><failure/></testcase>',
    );
    const key = { 'Idempotency-Key': 'ci-dry-run-1' };
    const dry = { projectId, createMissing: true, dryRun: true };

    const before = await importJUnit(t, w.user.token, dry, xml, key).expect(201);
    expect(before.headers['idempotency-replayed']).toBeUndefined();
    expect(before.body.data).toMatchObject({ runId: null, created: 2, matched: 0 });

    const real = await importJUnit(t, w.user.token, { projectId, createMissing: true, runName: 'CI' }, xml, {
      'Idempotency-Key': 'ci-real-1',
    });
    expect(real.status).toBe(201);
    expect(real.body.data).toMatchObject({ created: 2 });

    // The same dry run, same key: the plan now matches the tests the import created.
    const after = await importJUnit(t, w.user.token, dry, xml, key).expect(201);
    expect(after.headers['idempotency-replayed']).toBeUndefined();
    expect(after.body.data).toMatchObject({ runId: null, created: 0, matched: 2 });

    // The key of a dry run is not taken either: a real import may use it afterwards.
    const counts = await tableCounts(t.db);
    const reused = await importJUnit(t, w.user.token, { projectId, runName: 'CI 2' }, xml, key).expect(201);
    expect(reused.headers['idempotency-replayed']).toBeUndefined();
    expect(reused.body.data).toMatchObject({ matched: 2 });
    expect((await tableCounts(t.db)).runs).toBe(counts.runs + 1);
    // ...and that import, repeated with the key, is replayed as before.
    const replay = await importJUnit(t, w.user.token, { projectId, runName: 'CI 2' }, xml, key).expect(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body.data.runId).toBe(reused.body.data.runId);
  });
});

describe('shards importing into one run', () => {
  it('POST /run/create makes an empty run with testIds: [] and empty: true, and only so', async () => {
    const projectId = await newProject();
    const res = await t
      .as(w.user.token)
      .post('/run/create', { projectId, runName: 'Nightly shards', testIds: [], empty: true })
      .expect(201);
    expect(res.body.data).toMatchObject({ projectId, runName: 'Nightly shards', locked: false });
    expect(res.body.data.statusCounts).toEqual({ total: 0, passed: 0, failed: 0, blocked: 0, retest: 0, untested: 0 });
    expect(await t.db.runTest.count({ where: { runId: res.body.data.runId } })).toBe(0);
    // `empty` alone says the same.
    await t.as(w.user.token).post('/run/create', { projectId, runName: 'Empty too', empty: true }).expect(201);

    const before = await tableCounts(t.db);
    const refused: [Record<string, unknown>, string][] = [
      [{ testIds: [] }, 'Invalid request: testIds: At least one test, or empty: true for a run without tests'],
      [{ testIds: [1], empty: true }, 'Invalid request: empty: Not with testIds or a selection'],
      [{ allTests: true, empty: true }, 'Invalid request: empty: Not with testIds or a selection'],
      [{ empty: false }, 'Invalid request: empty: Invalid input: expected true'],
    ];
    for (const [body, error] of refused) {
      const bad = await t
        .as(w.user.token)
        .post('/run/create', { projectId, runName: 'x', ...body })
        .expect(400);
      expect({ body, error: bad.body.error }).toEqual({ body, error });
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('merges concurrent imports of several shards into one run, losing no result', async () => {
    const projectId = await newProject();
    const runId = (await t.as(w.user.token).post('/run/create', { projectId, runName: 'Sharded', testIds: [], empty: true }).expect(201))
      .body.data.runId as number;
    const SHARDS = 6;
    const PER_SHARD = 40;
    // Each shard's own testcases, and one test every shard also reports (the same setup check in each job,
    // in the same suite: a test's key is its full path, so only the same suite and name are the same test).
    const shard = (s: number) =>
      suite(
        `shard${s}`,
        ...Array.from(
          { length: PER_SHARD },
          (_, i) => `<testcase classname="shard${s}" name="t${i}"${i % 10 === 0 ? '><failure/></testcase>' : '/>'}`,
        ),
      ).replace('</testsuites>', '<testsuite name="setup"><testcase classname="setup" name="database is up"/></testsuite>\n</testsuites>');
    // Imports of one user queue one after another (the import slots): the shards here are jobs of
    // different users (tokens), so the server runs them at once.
    // (Made one after another: the factory's counter updates deadlock when run at once.)
    const users = [];
    for (let s = 0; s < SHARDS; s++) users.push(await createUser(t.db, 'User', [w.orgA.orgId]));
    const answers = await Promise.all(
      users.map((user, s) => importJUnit(t, user.token, { projectId, runId, createMissing: true }, shard(s))),
    );
    expect(answers.map((a) => [a.status, a.body.error])).toEqual(Array.from({ length: SHARDS }, () => [201, undefined]));

    const results = await t.db.runTest.findMany({ where: { runId } });
    const tests = await t.db.test.findMany({ where: { testId: { in: results.map((r) => r.testId) } }, select: { automationKey: true } });
    expect(tests).toHaveLength(results.length);
    const keys = tests.map((x) => x.automationKey).sort();
    const expected = ['setup.database is up'];
    for (let s = 0; s < SHARDS; s++) for (let i = 0; i < PER_SHARD; i++) expected.push(`shard${s}.t${i}`);
    expect(keys).toEqual(expected.sort());
    // One test per key: the shared testcase was created once, not once per shard.
    expect(await t.db.test.count({ where: { projectId } })).toBe(SHARDS * PER_SHARD + 1);
    expect(await countedStatuses(t.db, runId)).toEqual({
      total: SHARDS * PER_SHARD + 1,
      passed: SHARDS * (PER_SHARD - PER_SHARD / 10) + 1,
      failed: (SHARDS * PER_SHARD) / 10,
      blocked: 0,
      retest: 0,
      untested: 0,
    });
    // Every reported result is in the run's history.
    expect(await t.db.statusHistory.count({ where: { runId, status: { not: 'untested' } } })).toBe(SHARDS * PER_SHARD + SHARDS);
  });
});

import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createLabel, createTests, lookupIds } from '../support/catalog-factories';

// What a bulk edit in the web app needs from the API: the current fields of a selection
// (GET /project/tests?testIds=...) to show what changes and to undo it, and labels added to or
// removed from many tests while each keeps its other labels (addLabels/removeLabels on
// PUT /test/bulk-update).

let t: TestApp;
let w: World;
let p: number;
let lk: Awaited<ReturnType<typeof lookupIds>>;
let l: number[];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  lk = await lookupIds(t.db, p);
  l = [];
  for (const name of ['alpha', 'beta', 'gamma', 'delta']) l.push((await createLabel(t.db, p, name)).labelId);
});
afterAll(() => t.close());

const labelsOf = async (testIds: number[]) => {
  const rows = await t.db.test.findMany({ where: { testId: { in: testIds } }, orderBy: { testId: 'asc' }, include: { labels: true } });
  return rows.map((r) => r.labels.map((x) => x.labelId).sort((a, b) => a - b));
};
const setLabels = (testIds: number[], labels: number[]) =>
  t
    .as(w.user.token)
    .put('/test/bulk-update', { tests: testIds.map((testId) => ({ testId, labels })) })
    .expect(200);

describe('GET /project/tests?testIds=', () => {
  it('answers only those tests, with the other filters, and counts them', async () => {
    const ids = await createTests(t.db, p, 5, (i) => ({ title: `Pick ${i}`, priorityId: i < 2 ? lk.priority.High : lk.priority.Low }));
    const [foreign] = await createTests(t.db, w.projectB.projectId, 1);
    const picked = [ids[0], ids[1], ids[3], foreign];
    const res = await t
      .as(w.reader.token)
      .get('/project/tests', { projectId: p, testIds: picked.join(','), limit: 1000 })
      .expect(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.tests.map((x: { testId: number }) => x.testId)).toEqual([ids[0], ids[1], ids[3]]);
    const high = await t
      .as(w.reader.token)
      .get('/project/tests', { projectId: p, testIds: picked.join(','), priorityId: lk.priority.High })
      .expect(200);
    expect(high.body.data.tests.map((x: { testId: number }) => x.testId)).toEqual([ids[0], ids[1]]);
    const count = await t
      .as(w.reader.token)
      .get('/project/tests-count', { projectId: p, testIds: picked.join(','), priorityId: lk.priority.Low })
      .expect(200);
    expect(count.body.data).toEqual({ count: 1 });
  });

  it('refuses a malformed list and more than 1000 ids with 400', async () => {
    for (const [testIds, message] of [
      ['1,,2', 'testIds: Expected comma-separated positive integers'],
      ['1,x', 'testIds: Expected comma-separated positive integers'],
      ['5,0', 'testIds: Expected positive integers up to 2147483647'],
      [Array.from({ length: 1001 }, (_, i) => i + 1).join(','), 'testIds: At most 1000 ids'],
    ]) {
      const res = await t.as(w.reader.token).get('/project/tests', { projectId: p, testIds }).expect(400);
      expect(res.body).toEqual({ error: `Invalid request: ${message}`, status: 400, code: 'validation_failed' });
    }
  });

  it("finds nothing of another organization's project (404)", async () => {
    const [foreign] = await createTests(t.db, w.projectB.projectId, 1);
    await t
      .as(w.reader.token)
      .get('/project/tests', { projectId: w.projectB.projectId, testIds: String(foreign) })
      .expect(404);
  });
});

describe('PUT /test/bulk-update addLabels/removeLabels', () => {
  it('adds and removes labels, each test keeping its others', async () => {
    const [a, b, c] = await createTests(t.db, p, 3, () => ({}), 'Relabel');
    await setLabels([a], [l[0]]);
    await setLabels([b], [l[1], l[2]]);
    const res = await t
      .as(w.user.token)
      .put('/test/bulk-update', {
        projectId: p,
        tests: [
          { testId: a, addLabels: [l[3]] },
          { testId: b, addLabels: [l[3], l[1]], removeLabels: [l[2]] },
          { testId: c, removeLabels: [l[0]], priorityId: lk.priority.High },
        ],
      })
      .expect(200);
    expect(res.body.data).toEqual({ testIds: [a, b, c], count: 3 });
    expect(await labelsOf([a, b, c])).toEqual([[l[0], l[3]], [l[1], l[3]], []]);
    expect((await t.db.test.findUniqueOrThrow({ where: { testId: c } })).priorityId).toBe(lk.priority.High);
  });

  it('refuses labels with addLabels, a label both added and removed, and a foreign label, writing nothing', async () => {
    const [a, b] = await createTests(t.db, p, 2, () => ({}), 'Refuse');
    await setLabels([a, b], [l[0]]);
    const foreign = (await createLabel(t.db, w.projectB.projectId, 'elsewhere')).labelId;
    const cases: [unknown[], string, string][] = [
      [
        [
          { testId: a, addLabels: [l[1]] },
          { testId: b, labels: [l[1]], removeLabels: [l[0]] },
        ],
        'tests.1.removeLabels: Not together with labels, which replace them all',
        'validation_failed',
      ],
      [
        [
          { testId: a, addLabels: [l[1]] },
          { testId: b, addLabels: [l[1], l[2]], removeLabels: [l[0], l[2]] },
        ],
        'tests.1.removeLabels.1: Also in addLabels',
        'validation_failed',
      ],
      [
        [
          { testId: a, addLabels: [l[1]] },
          { testId: b, removeLabels: [foreign] },
        ],
        'tests.1.removeLabels.0: Not a label of this project',
        'invalid_reference',
      ],
    ];
    for (const [tests, message, code] of cases) {
      const res = await t.as(w.user.token).put('/test/bulk-update', { tests }).expect(400);
      expect(res.body).toEqual({ error: `Invalid request: ${message}`, status: 400, code });
    }
    expect(await labelsOf([a, b])).toEqual([[l[0]], [l[0]]]);
  });

  it('refuses taking a test past 100 labels, writing nothing', async () => {
    const rows = await t.db.label.createManyAndReturn({
      data: Array.from({ length: 100 }, (_, i) => ({ projectId: p, labelName: `many${i}`, nameKey: `many${i}` })),
      select: { labelId: true },
    });
    const many = rows.map((r) => r.labelId);
    const [full, small] = await createTests(t.db, p, 2, () => ({}), 'Full');
    await setLabels([full], many.slice(0, 99));
    const res = await t
      .as(w.user.token)
      .put('/test/bulk-update', {
        tests: [
          { testId: small, addLabels: [l[0]] },
          { testId: full, addLabels: [many[99], l[0]] },
        ],
      })
      .expect(400);
    expect(res.body).toEqual({
      error: 'Invalid request: tests.1.addLabels: A test has at most 100 labels; this makes 101',
      status: 400,
      code: 'validation_failed',
    });
    expect((await labelsOf([full, small])).map((x) => x.length)).toEqual([99, 0]);
  });

  it('refuses a Reader (403) and a test of another organization (400)', async () => {
    const [a] = await createTests(t.db, p, 1, () => ({}), 'Guarded');
    const [foreign] = await createTests(t.db, w.projectB.projectId, 1);
    await t
      .as(w.reader.token)
      .put('/test/bulk-update', { tests: [{ testId: a, addLabels: [l[0]] }] })
      .expect(403);
    const res = await t
      .as(w.user.token)
      .put('/test/bulk-update', { tests: [{ testId: foreign, addLabels: [l[0]] }] })
      .expect(400);
    expect(res.body.error).toBe('Invalid request: tests.0.testId: Test not found');
    expect(await labelsOf([a, foreign])).toEqual([[], []]);
  });
});

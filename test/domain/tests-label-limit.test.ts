import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';

// A test carries at most 100 labels, on every write route; the largest bulk call
// (5000 tests × 100 labels) fits in one transaction.

let t: TestApp;
let w: World;
let p: number;
let labels: number[];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  const rows = await t.db.label.createManyAndReturn({
    data: Array.from({ length: 201 }, (_, i) => ({ projectId: p, labelName: `l${i}`, nameKey: `l${i}` })),
    select: { labelId: true },
  });
  labels = rows.map((r) => r.labelId).sort((a, b) => a - b);
});
afterAll(() => t.close());

const catalogSize = () => t.db.test.count({ where: { projectId: p, deletedAt: null } });
const linksOf = (testIds: number[]) => t.db.testLabel.count({ where: { testId: { in: testIds } } });
const tooMany = () => labels.slice(0, 101);
const hundred = () => labels.slice(0, 100);

describe('at most 100 labels per test', () => {
  it('POST /test/create: 100 labels are fine, 101 are 400 and nothing is written', async () => {
    const ok = await t.as(w.user.token).post('/test/create', { projectId: p, title: 'Hundred', labels: hundred() }).expect(201);
    expect(ok.body.data.labels).toEqual(hundred());
    const before = await catalogSize();
    const res = await t.as(w.user.token).post('/test/create', { projectId: p, title: 'Too many', labels: tooMany() }).expect(400);
    expect(res.body).toEqual({ error: 'Invalid request: labels: At most 100 labels', status: 400, code: 'validation_failed' });
    expect(await catalogSize()).toBe(before);
  });

  it('PUT /test/update: 101 labels are 400 and the test keeps its labels', async () => {
    const [testId] = await createTests(t.db, p, 1, () => ({}), 'Update');
    await t
      .as(w.user.token)
      .put('/test/update', { testId, labels: labels.slice(0, 3) })
      .expect(200);
    const res = await t.as(w.user.token).put('/test/update', { testId, title: 'Renamed', labels: tooMany() }).expect(400);
    expect(res.body.error).toBe('Invalid request: labels: At most 100 labels');
    expect(await t.db.test.findUniqueOrThrow({ where: { testId }, select: { title: true } })).toEqual({ title: 'Update 0' });
    expect(await linksOf([testId])).toBe(3);
  });

  it('POST /test/bulk-add: an item with 101 labels is 400 naming it, and nothing is written', async () => {
    const before = await catalogSize();
    const tests = Array.from({ length: 5 }, (_, i) => ({ title: `Bulk ${i}`, labels: i === 3 ? tooMany() : hundred() }));
    const res = await t.as(w.user.token).post('/test/bulk-add', { projectId: p, tests }).expect(400);
    expect(res.body.error).toBe('Invalid request: tests.3.labels: At most 100 labels');
    expect(await catalogSize()).toBe(before);
  });

  it('PUT /test/bulk-update: an item with 101 labels is 400 naming it, and nothing is written', async () => {
    const testIds = await createTests(t.db, p, 5, () => ({}), 'Relabel');
    const tests = testIds.map((testId, i) => ({ testId, title: 'Changed', labels: i === 3 ? tooMany() : hundred() }));
    const res = await t.as(w.user.token).put('/test/bulk-update', { tests }).expect(400);
    expect(res.body.error).toBe('Invalid request: tests.3.labels: At most 100 labels');
    expect(await linksOf(testIds)).toBe(0);
    expect(await t.db.test.count({ where: { testId: { in: testIds }, title: 'Changed' } })).toBe(0);
  });
});

describe('the largest bulk call: 5000 tests × 100 labels', () => {
  // 500,000 label links in one transaction: longer than Prisma's default 5 s on a busy host.
  it('bulk-add writes every link, and bulk-update replaces them all', async () => {
    const first = hundred();
    const tests = Array.from({ length: 5000 }, (_, i) => ({ title: `Labelled ${i}`, labels: first }));
    const added = await t.as(w.user.token).post('/test/bulk-add', { projectId: p, tests }).expect(201);
    const testIds: number[] = added.body.data.testIds;
    expect(testIds).toHaveLength(5000);
    expect(await linksOf(testIds)).toBe(500_000);

    // Half keep their labels, half move to the other hundred: only the difference is written.
    const second = labels.slice(100, 200);
    const changes = testIds.map((testId, i) => ({ testId, labels: i % 2 === 0 ? first : second }));
    await t.as(w.user.token).put('/test/bulk-update', { tests: changes }).expect(200);
    expect(await linksOf(testIds)).toBe(500_000);
    expect(await t.db.testLabel.count({ where: { testId: { in: testIds }, labelId: { in: second } } })).toBe(250_000);
    const [even, odd] = await Promise.all([
      t.as(w.reader.token).get('/test/details', { projectId: p, testId: testIds[0] }).expect(200),
      t.as(w.reader.token).get('/test/details', { projectId: p, testId: testIds[1] }).expect(200),
    ]);
    expect(even.body.data.labels).toEqual(first);
    expect(odd.body.data.labels).toEqual(second);
  }, 240_000);
});

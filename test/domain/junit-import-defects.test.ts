import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { importJUnit, suite } from '../support/junit-import';

// JUnit import: a testcase's <property name="defect" value="…"/> links its result to defects.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const defect = (value: string) => `<property name="defect" value="${value}"/>`;

it('records the defect properties of each testcase on its result and history, leaving out values that are no defect', async () => {
  const projectId = (await createProject(t.db, w.orgA.orgId)).projectId;
  await t.as(w.user.token).put('/project/edit', { projectId, defectUrlTemplate: 'https://github.com/acme/shop/issues/{id}' }).expect(200);
  const xml = suite(
    'shop',
    `<testcase classname="Cart" name="pays"><properties>${defect(' #45 ')}${defect('SHOP-1')}${defect('#45')}${defect('not a defect')}` +
      `<property name="Defect">https://bugs.example/9</property></properties>` +
      '<failure message="declined">at Pay.java:3</failure><rerunFailure message="declined again"/></testcase>',
    `<testcase classname="Cart" name="adds"><properties>${defect('SHOP-2')}</properties></testcase>`,
    '<testcase classname="Cart" name="removes"><failure message="x"/></testcase>',
  );
  const res = await importJUnit(t, w.user.token, { projectId, runName: 'CI', createMissing: true }, xml).expect(201);
  const q = { runId: res.body.data.runId, projectId };
  const tests = (await t.as(w.reader.token).get('/run/tests', q).expect(200)).body.data.tests;
  const byTitle = Object.fromEntries(tests.map((r: { title: string; defects: unknown }) => [r.title, r.defects]));
  expect(byTitle).toEqual({
    pays: [
      { id: '#45', url: 'https://github.com/acme/shop/issues/45' },
      { id: 'SHOP-1', url: 'https://github.com/acme/shop/issues/SHOP-1' },
      { id: 'https://bugs.example/9', url: 'https://bugs.example/9' },
    ],
    adds: [{ id: 'SHOP-2', url: 'https://github.com/acme/shop/issues/SHOP-2' }],
    removes: [],
  });
  const pays = tests.find((r: { title: string }) => r.title === 'pays');
  // The failure and its rerun are two history entries of the testcase, each with its defects.
  const history = await t.db.statusHistory.findMany({ where: { runId: q.runId, testId: pays.testId }, orderBy: { id: 'asc' } });
  expect(history.map((h) => [h.status, h.defects])).toEqual([
    ['failed', ['#45', 'SHOP-1', 'https://bugs.example/9']],
    ['failed', ['#45', 'SHOP-1', 'https://bugs.example/9']],
  ]);
  const listed = (await t.as(w.reader.token).get('/defects', { projectId, runId: q.runId }).expect(200)).body.data;
  expect(listed.defects.map((d: { id: string; failedCount: number }) => [d.id, d.failedCount])).toEqual([
    ['#45', 1],
    ['SHOP-1', 1],
    ['https://bugs.example/9', 1],
    ['SHOP-2', 0],
  ]);
});

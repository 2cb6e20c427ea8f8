import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { countedStatuses } from '../support/run-factories';
import { importJUnit } from '../support/junit-import';

// Casebook's counts for reports of real runners (test/fixtures/junit/producers/, one
// folder per producer, with the runner's own summary in expected.json) equal the runner's. A
// producer with several reports (shards) imports each into one run created empty beforehand, as
// CI jobs do.

const PRODUCERS = path.join(__dirname, '..', 'fixtures', 'junit', 'producers');

type Expected = Record<'testcases' | 'tests' | 'passed' | 'failed' | 'skipped' | 'todo' | 'flaky' | 'repetitions' | 'reruns', number>;
type Answer = Record<string, number>;

const producers = readdirSync(PRODUCERS).filter((name) => statSync(path.join(PRODUCERS, name)).isDirectory());

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

it('has producers to check', () => {
  expect(producers.length).toBeGreaterThan(0);
});

it.each(producers)('%s: the import counts what the runner printed', async (producer) => {
  const dir = path.join(PRODUCERS, producer);
  const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Expected;
  const reports = readdirSync(dir)
    .filter((name) => name.endsWith('.xml'))
    .sort();
  const projectId = (await createProject(t.db, w.orgA.orgId)).projectId;
  const runId = (await t.as(w.user.token).post('/run/create', { projectId, runName: producer, testIds: [], empty: true }).expect(201)).body
    .data.runId as number;
  const answers: Answer[] = [];
  for (const report of reports) {
    const res = await importJUnit(t, w.user.token, { projectId, runId, createMissing: true }, readFileSync(path.join(dir, report))).expect(
      201,
    );
    answers.push(res.body.data);
  }
  const sum = (field: string) => answers.reduce((n, a) => n + a[field], 0);
  expect({
    testcases: sum('testcases'),
    tests: sum('tests'),
    passed: sum('passed'),
    failed: sum('failed'),
    notRun: sum('untested'),
    flaky: sum('passedOnRetry'),
    repetitions: sum('repetitions'),
    reruns: sum('reruns'),
  }).toEqual({
    testcases: expected.testcases,
    tests: expected.tests,
    passed: expected.passed,
    failed: expected.failed,
    notRun: expected.skipped + expected.todo,
    flaky: expected.flaky,
    repetitions: expected.repetitions,
    reruns: expected.reruns,
  });
  // One test of the catalog and one result of the run per test of the report.
  expect(sum('created')).toBe(expected.tests);
  expect(await countedStatuses(t.db, runId)).toEqual({
    total: expected.tests,
    passed: expected.passed,
    failed: expected.failed,
    blocked: 0,
    retest: 0,
    untested: expected.skipped + expected.todo,
  });
  // The same reports again match every test and create none.
  const again = await importJUnit(t, w.user.token, { projectId, createMissing: true }, readFileSync(path.join(dir, reports[0]))).expect(
    201,
  );
  expect(again.body.data).toMatchObject({ created: 0, matched: answers[0].created });
});

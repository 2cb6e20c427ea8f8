import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { importJUnit, suite } from '../support/junit-import';
import { fieldOfEachType } from '../support/custom-fields';

// Custom field values on tests and results: checked by type and options, required fields and
// defaults, bulk all or nothing, result fields and their history, the cf.<key> filters, exports.

let t: TestApp;
let w: World;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  projectId = (await createProject(t.db, w.orgA.orgId)).projectId;
  const fields = [
    ...fieldOfEachType,
    { name: 'Risk', type: 'select', options: ['low', 'high'], required: true, defaultValue: 'low' },
    { name: 'Env', type: 'text', appliesTo: 'result' },
    { name: 'Build ok', type: 'checkbox', appliesTo: 'result', required: true },
  ];
  for (const f of fields)
    await t
      .as(w.user.token)
      .post('/project/add-custom-field', { projectId, appliesTo: 'test', ...f })
      .expect(201);
});
afterAll(() => t.close());

const create = (customFields: unknown, token = w.user.token) => t.as(token).post('/test/create', { projectId, title: 'T', customFields });

const good: [string, unknown][] = [
  ['summary', 'Pays with a card'],
  ['notes', 'line 1\nline 2'],
  ['points', 2.5],
  ['smoke', false],
  ['due', '2028-02-29'],
  ['spec', 'https://example.com/spec#3'],
  ['area', 'search'],
  ['browsers', ['firefox', 'chrome']],
];
const bad: [string, unknown, RegExp][] = [
  ['summary', 3, /Expected a string/],
  ['summary', '  ', /Must not be empty/],
  ['summary', 'x'.repeat(1001), /At most 1000 characters/],
  ['notes', 'x'.repeat(10001), /At most 10000 characters/],
  ['points', '3', /Expected a number/],
  ['smoke', 'true', /Expected true or false/],
  ['due', '2027-02-29', /Expected a date YYYY-MM-DD/],
  ['due', '2027-1-02', /Expected a date YYYY-MM-DD/],
  ['spec', 'ftp://example.com', /Expected an http\(s\) URL/],
  ['spec', 'not a url', /Expected an http\(s\) URL/],
  ['area', 'cart', /Expected one of "checkout", "search"/],
  ['browsers', 'chrome', /Expected an array/],
  ['browsers', ['chrome', 'edge'], /"edge" is not one of/],
  ['browsers', ['chrome', 'chrome'], /Each option at most once/],
  ['owner', 'me', /Expected a user id/],
];

describe('values of each type', () => {
  it.each(good)('takes a good %s value', async (key, value) => {
    const res = await create({ [key]: value }).expect(201);
    expect(res.body.data.customFields).toEqual({ [key]: value, risk: 'low' });
  });

  it.each(bad.map(([key, value, reason]) => [key, JSON.stringify(value).slice(0, 24), value, reason] as const))(
    'refuses %s = %s naming the field',
    async (key, _shown, value, reason) => {
      const before = await t.db.test.count();
      const res = await create({ [key]: value }).expect(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error).toContain(`customFields.${key}: `);
      expect(res.body.error).toMatch(reason);
      expect(await t.db.test.count()).toBe(before);
    },
  );

  it('takes a user of the organization only', async () => {
    expect((await create({ owner: w.reader.userId }).expect(201)).body.data.customFields.owner).toBe(w.reader.userId);
    expect((await create({ owner: w.adminB.userId }).expect(400)).body.error).toMatch(/customFields.owner: User \d+ is not a member/);
  });

  it('refuses an unknown key and a field of results', async () => {
    expect((await create({ nope: 1 }).expect(400)).body.error).toMatch(/customFields.nope: No such custom field/);
    expect((await create({ env: 'x' }).expect(400)).body.error).toMatch(/customFields.env: A field of results, not of tests/);
  });
});

describe('required fields and defaults', () => {
  it('fills the default at create, refuses clearing a required field on update, keeps keys not given', async () => {
    const test = (await create({ summary: 'a' }).expect(201)).body.data;
    expect(test.customFields).toEqual({ summary: 'a', risk: 'low' });
    const upd = (customFields: unknown) => t.as(w.user.token).put('/test/update', { testId: test.testId, customFields });
    expect((await upd({ risk: null }).expect(400)).body.error).toMatch(/customFields.risk: Required; it cannot be cleared/);
    const res = await upd({ risk: 'high', summary: null, points: 3 }).expect(200);
    expect(res.body.data.customFields).toEqual({ risk: 'high', points: 3 });
    expect((await upd({ points: 'x' }).expect(400)).body.error).toMatch(/customFields.points: Expected a number/);
  });

  it('refuses a test without a required field that has no default', async () => {
    const other = (await createProject(t.db, w.orgA.orgId)).projectId;
    await t
      .as(w.user.token)
      .post('/project/add-custom-field', { projectId: other, name: 'Team', type: 'text', appliesTo: 'test', required: true })
      .expect(201);
    const res = await t.as(w.user.token).post('/test/create', { projectId: other, title: 'T' }).expect(400);
    expect(res.body.error).toMatch(/customFields.team: Required, and the field has no default/);
    await t
      .as(w.user.token)
      .post('/test/create', { projectId: other, title: 'T', customFields: { team: 'Core' } })
      .expect(201);
  });
});

it('gives tests a JUnit import creates the defaults of the test fields', async () => {
  const xml = suite('shop', '<testcase classname="shop" name="Imported with defaults"/>');
  await importJUnit(t, w.user.token, { projectId, runName: 'CI', createMissing: true }, xml).expect(201);
  const test = await t.db.test.findFirstOrThrow({ where: { projectId, title: 'Imported with defaults' } });
  expect(test.customFields).toEqual({ risk: 'low' });
});

describe('bulk', () => {
  it('adds all or nothing, naming the item', async () => {
    const before = await t.db.test.count();
    const tests = [
      { title: 'A', customFields: { points: 1 } },
      { title: 'B', customFields: { points: 'x' } },
      { title: 'C', customFields: { area: 'nowhere' } },
    ];
    const res = await t.as(w.user.token).post('/test/bulk-add', { projectId, tests }).expect(400);
    expect(res.body.error).toMatch(/tests.1.customFields.points: Expected a number/);
    expect(res.body.error).toMatch(/tests.2.customFields.area: Expected one of/);
    expect(await t.db.test.count()).toBe(before);
    const ok = await t
      .as(w.user.token)
      .post('/test/bulk-add', { projectId, tests: [tests[0], { title: 'B' }] })
      .expect(201);
    const rows = await t.db.test.findMany({ where: { testId: { in: ok.body.data.testIds } }, orderBy: { testId: 'asc' } });
    expect(rows.map((r) => r.customFields)).toEqual([{ points: 1, risk: 'low' }, { risk: 'low' }]);
  });

  it('updates all or nothing', async () => {
    const ids = (
      await t
        .as(w.user.token)
        .post('/test/bulk-add', { projectId, tests: [{ title: 'A' }, { title: 'B' }] })
        .expect(201)
    ).body.data.testIds;
    const res = await t
      .as(w.user.token)
      .put('/test/bulk-update', {
        projectId,
        tests: [
          { testId: ids[0], customFields: { smoke: true } },
          { testId: ids[1], customFields: { risk: null } },
        ],
      })
      .expect(400);
    expect(res.body.error).toMatch(/tests.1.customFields.risk: Required/);
    expect((await t.db.test.findUniqueOrThrow({ where: { testId: ids[0] } })).customFields).toEqual({ risk: 'low' });
    await t
      .as(w.user.token)
      .put('/test/bulk-update', { projectId, tests: [{ testId: ids[0], customFields: { smoke: true } }] })
      .expect(200);
    expect((await t.db.test.findUniqueOrThrow({ where: { testId: ids[0] } })).customFields).toEqual({ risk: 'low', smoke: true });
  });
});

describe('result fields', () => {
  it('are set through update-test-status, checked, and kept in the history', async () => {
    const testId = (await create({}).expect(201)).body.data.testId;
    const runId = (
      await t
        .as(w.user.token)
        .post('/run/create', { projectId, runName: 'R', testIds: [testId] })
        .expect(201)
    ).body.data.runId;
    const status = (customFields: unknown) =>
      t.as(w.user.token).put('/run/update-test-status', { projectId, runId, testResults: [{ testId, status: 'failed', customFields }] });
    expect((await status({ env: 3 }).expect(400)).body.error).toMatch(/testResults.0.customFields.env: Expected a string/);
    expect((await status({ summary: 'x' }).expect(400)).body.error).toMatch(/testResults.0.customFields.summary: A field of tests/);
    expect((await status({ build_ok: null }).expect(400)).body.error).toMatch(/build_ok: Required/);
    await status({ env: 'staging', build_ok: true }).expect(200);
    await status({ env: 'prod' }).expect(200);
    const history = await t.as(w.reader.token).get('/test/status-history', { projectId, testId }).expect(200);
    expect(history.body.data.map((h: { customFields: unknown }) => h.customFields)).toEqual([
      { env: 'prod', build_ok: true },
      { env: 'staging', build_ok: true },
      {}, // added to the run, untested
    ]);
  });
});

describe('cf.<key> filters', () => {
  let fp: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    fp = (await createProject(t.db, w.orgA.orgId)).projectId;
    for (const f of [
      { name: 'Points', type: 'number' },
      { name: 'Due', type: 'date' },
      { name: 'Browsers', type: 'multiselect', options: ['chrome', 'firefox'] },
      { name: 'Area', type: 'select', options: ['checkout', 'search'] },
      { name: 'Smoke', type: 'checkbox' },
      { name: 'Env', type: 'text', appliesTo: 'result' },
    ])
      await t
        .as(w.user.token)
        .post('/project/add-custom-field', { projectId: fp, appliesTo: 'test', ...f })
        .expect(201);
    const tests = {
      a: { points: 1, due: '2027-01-10', browsers: ['chrome'], area: 'checkout', smoke: true },
      b: { points: 5, due: '2027-03-01', browsers: ['chrome', 'firefox'], area: 'search' },
      c: { points: 10, browsers: ['firefox'] },
      d: {},
    };
    for (const [title, customFields] of Object.entries(tests))
      ids[title] = (await t.as(w.user.token).post('/test/create', { projectId: fp, title, customFields }).expect(201)).body.data.testId;
  });
  const list = async (query: Record<string, string>) => {
    const res = await t
      .as(w.reader.token)
      .get('/project/tests', { projectId: fp, ...query })
      .expect(200);
    const count = await t
      .as(w.reader.token)
      .get('/project/tests-count', { projectId: fp, ...query })
      .expect(200);
    expect(count.body.data.count).toBe(res.body.data.total);
    return res.body.data.tests.map((x: { title: string }) => x.title);
  };

  it('matches exactly, a multiselect by containing the option', async () => {
    expect(await list({ 'cf.area': 'search' })).toEqual(['b']);
    expect(await list({ 'cf.points': '5' })).toEqual(['b']);
    expect(await list({ 'cf.smoke': 'true' })).toEqual(['a']);
    expect(await list({ 'cf.browsers': 'chrome' })).toEqual(['a', 'b']);
    expect(await list({ 'cf.browsers': 'firefox', 'cf.area': 'search' })).toEqual(['b']);
  });

  it('compares numbers and dates with gte and lte', async () => {
    expect(await list({ 'cf.points.gte': '5' })).toEqual(['b', 'c']);
    expect(await list({ 'cf.points.gte': '2', 'cf.points.lte': '9.5' })).toEqual(['b']);
    expect(await list({ 'cf.due.lte': '2027-02-01' })).toEqual(['a']);
    expect(await list({ 'cf.due.gte': '2027-01-10' })).toEqual(['a', 'b']);
  });

  it('keeps every sort, either way, and the cursor under a filter (read through test_field_values)', async () => {
    const page = async (query: Record<string, string>) =>
      (
        await t
          .as(w.reader.token)
          .get('/project/tests', { projectId: fp, 'cf.browsers': 'chrome', ...query })
          .expect(200)
      ).body.data as { tests: { title: string }[]; nextCursor: string | null };
    const titles = async (query: Record<string, string>) => (await page(query)).tests.map((x) => x.title);
    for (const sort of ['testId', 'title', 'updatedAt', 'priority']) {
      expect(await titles({ sort })).toEqual(['a', 'b']);
      expect(await titles({ sort, order: 'desc' })).toEqual(['b', 'a']);
    }
    expect(await titles({ limit: '1', offset: '1' })).toEqual(['b']);
    const first = await page({ limit: '1' });
    expect(first.tests.map((x) => x.title)).toEqual(['a']);
    expect(await titles({ limit: '1', cursor: first.nextCursor! })).toEqual(['b']);
  });

  it('refuses an unknown key, a bad value, a range on other types, a field of results (400)', async () => {
    const bad = async (query: Record<string, string>, reason: RegExp) => {
      const res = await t
        .as(w.reader.token)
        .get('/project/tests', { projectId: fp, ...query })
        .expect(400);
      expect(res.body.error).toMatch(reason);
      await t
        .as(w.reader.token)
        .get('/project/tests-count', { projectId: fp, ...query })
        .expect(400);
    };
    await bad({ 'cf.nope': 'x' }, /cf.nope: No custom field of tests with key nope/);
    await bad({ 'cf.env': 'x' }, /cf.env: No custom field of tests/);
    await bad({ 'cf.points': 'many' }, /cf.points: Expected a number/);
    await bad({ 'cf.due.gte': '2027-13-01' }, /cf.due.gte: Expected a date/);
    await bad({ 'cf.area': 'cart' }, /cf.area: Expected one of/);
    await bad({ 'cf.browsers': 'edge' }, /cf.browsers: "edge" is not one of/);
    await bad({ 'cf.area.gte': 'a' }, /gte and lte are for number and date fields/);
    await bad({ 'cf.Bad-Key': 'a' }, /Expected cf.<key>/);
    // Another organization's project: 404, its keys not told.
    await t.as(w.adminB.token).get('/project/tests', { projectId: fp, 'cf.area': 'search' }).expect(404);
  });

  it('narrows the export, whose CSV has a column per test field', async () => {
    const json = await t.as(w.reader.token).get('/tests/download', { projectId: fp, 'cf.browsers': 'firefox' }).expect(200);
    const body = JSON.parse(json.text ?? JSON.stringify(json.body));
    expect(body.map((x: { title: string }) => x.title)).toEqual(['b', 'c']);
    await t
      .as(w.user.token)
      .post('/project/add-custom-field', { projectId: fp, name: 'Owner', type: 'user', appliesTo: 'test' })
      .expect(201);
    await t
      .as(w.user.token)
      .put('/test/update', { testId: ids.b, customFields: { owner: w.reader.userId } })
      .expect(200);
    const csv = await t.as(w.reader.token).get('/tests/download', { projectId: fp, format: 'csv', 'cf.points.gte': '5' }).expect(200);
    const [header, ...rows] = csv.text.trim().split('\n');
    expect(header.split(',').slice(-6)).toEqual(['cf_points', 'cf_due', 'cf_browsers', 'cf_area', 'cf_smoke', 'cf_owner']);
    const reader = await t.db.user.findUniqueOrThrow({ where: { userId: w.reader.userId } });
    expect(rows[0].endsWith(`,5,2027-03-01,chrome;firefox,search,,${reader.name}`)).toBe(true);
    expect(rows[1].endsWith(',10,,firefox,,,')).toBe(true);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createSquad } from '../support/catalog-factories';
import { MAX_CSV_BYTES } from '../../src/domain/csv-import/csv-import.schemas';

// POST /test/import-csv over HTTP: TestRail's and Qase's exports, Casebook's own export read back,
// delimiters and BOM, dry runs, bad rows and broken files (all or nothing), roles, tenancy, size.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/csv', name));
const newProject = async () => (await createProject(t.db, w.orgA.orgId)).projectId;

function importCsv(projectId: number, csv: string | Buffer, query: Record<string, unknown> = {}, token = w.user.token) {
  return t.http
    .post('/api/v1/test/import-csv')
    .query({ projectId, ...query })
    .set('Authorization', `Bearer ${token}`)
    .set('Content-Type', 'text/csv')
    .send(typeof csv === 'string' ? Buffer.from(csv) : csv);
}
const mapping = (m: object) => ({ mapping: JSON.stringify(m) });

async function counts(projectId: number) {
  const [row] = await t.db.$queryRaw<{ tests: number; sections: number; labels: number; versions: number; live: number }[]>`
    SELECT (SELECT count(*)::int FROM tests WHERE project_id = ${projectId}) AS tests,
           (SELECT count(*)::int FROM sections WHERE project_id = ${projectId}) AS sections,
           (SELECT count(*)::int FROM labels WHERE project_id = ${projectId}) AS labels,
           (SELECT count(*)::int FROM test_versions v JOIN tests x ON x.id = v.test_id WHERE x.project_id = ${projectId}) AS versions,
           (SELECT live_test_count FROM projects WHERE id = ${projectId}) AS live`;
  return row;
}

async function testsOf(projectId: number) {
  const res = await t.as(w.user.token).get('/project/tests', { projectId, limit: 100 }).expect(200);
  return res.body.data.tests as Record<string, unknown>[];
}
async function namesOf(projectId: number) {
  const sections = await t.db.$queryRaw<{ id: number; name: string; parent: number | null }[]>`
    SELECT id, name, parent_id AS parent FROM sections WHERE project_id = ${projectId} ORDER BY id`;
  const lookups = await t.db.lookupEntry.findMany({ where: { projectId } });
  const labels = await t.db.$queryRaw<{ id: number; name: string }[]>`SELECT id, name FROM labels WHERE project_id = ${projectId}`;
  const path = (id: number | null): string => {
    const s = sections.find((x) => x.id === id);
    return s ? (s.parent ? `${path(s.parent)} > ${s.name}` : s.name) : '';
  };
  return {
    section: path,
    lookup: (id: unknown) => lookups.find((l) => l.id === id)?.name ?? null,
    labels: (ids: unknown) => (ids as number[]).map((id) => labels.find((l) => l.id === id)?.name).sort(),
  };
}

describe('TestRail', () => {
  it('imports its export: section hierarchy, step rows and numbered cells as steps, text steps split, lookups by name', async () => {
    const projectId = await newProject();
    const res = await importCsv(projectId, fixture('testrail.csv'), mapping({ preset: 'testrail' })).expect(201);
    expect(res.body.data).toMatchObject({
      rowsRead: 6,
      testsToCreate: 4,
      created: 4,
      errorCount: 0,
      delimiter: ',',
      sectionsToCreate: { count: 5, names: ['Checkout', 'Checkout > Payment', 'Login', 'Account', 'Account > Reports'] },
      labelsToCreate: { count: 0, names: [] },
    });
    expect(res.body.data.columns).toContainEqual({ header: 'Section Hierarchy', field: 'section' });
    expect(res.body.data.columns).toContainEqual({ header: 'Section', field: null });
    const tests = await testsOf(projectId);
    const n = await namesOf(projectId);
    expect(
      tests.map((x) => [
        x.title,
        n.section(x.sectionId as number),
        n.lookup(x.priorityId),
        n.lookup(x.typeId),
        n.lookup(x.automationStatusId),
      ]),
    ).toEqual([
      ['Pay by card', 'Checkout > Payment', 'High', 'Functional', null],
      ['Pay by invoice', 'Checkout > Payment', 'Medium', 'Regression', 'Automated'],
      ['Log in with a "remembered" password', 'Login', 'Critical', 'Smoke', null],
      ['Export the orders', 'Account > Reports', 'Low', 'Functional', null],
    ]);
    expect(tests[0]).toMatchObject({
      preconditions: 'A cart with one item',
      steps: [
        { action: 'Open the cart', expected: 'The cart shows one item' },
        { action: 'Pay with a test card', expected: 'The order is confirmed' },
        { action: 'Open the orders page', expected: 'The order is listed, paid' },
      ],
      version: 1,
    });
    expect(tests[1].steps).toEqual([
      { action: 'Open the cart', expected: 'The cart opens' },
      { action: 'Choose invoice', expected: 'An invoice is sent' },
    ]);
    expect(tests[2]).toMatchObject({
      steps: [{ action: 'Open the login page' }, { action: 'Log in' }],
      expectedResult: 'The dashboard shows',
    });
    expect(tests[3]).toMatchObject({ steps: 'Export the orders as CSV', expectedResult: 'A file downloads' });
    // Each is at version 1, read from the test itself until it first changes (no version row stored yet).
    expect(tests.map((test) => test.version)).toEqual([1, 1, 1, 1]);
    expect(await counts(projectId)).toMatchObject({ tests: 4, sections: 5, versions: 0, live: 4 });
  });
});

describe('Qase', () => {
  it('imports its export: suites nested by suite_parent_id, tags as labels, numbered steps with data, its automation words', async () => {
    const projectId = await newProject();
    const res = await importCsv(projectId, fixture('qase.csv'), mapping({ preset: 'qase' })).expect(201);
    expect(res.body.data).toMatchObject({
      rowsRead: 3,
      created: 3,
      sectionsToCreate: { names: ['Shop', 'Shop > Cart'] },
      labelsToCreate: { names: ['cart', 'smoke'] },
    });
    const tests = await testsOf(projectId);
    const n = await namesOf(projectId);
    expect(
      tests.map((x) => [
        x.title,
        n.section(x.sectionId as number),
        n.lookup(x.priorityId),
        n.lookup(x.automationStatusId),
        n.labels(x.labels),
      ]),
    ).toEqual([
      ['Add an item to the cart', 'Shop > Cart', 'High', 'Automated', ['cart', 'smoke']],
      ['Remove an item', 'Shop > Cart', 'Medium', 'Not Automatable', ['cart']],
      ['Open the shop', 'Shop', 'Low', 'Automatable', []],
    ]);
    expect(tests[0]).toMatchObject({
      testDescription: 'Adds one item',
      preconditions: 'Logged in',
      steps: [
        { action: 'Open a product', expected: 'The product page opens' },
        { action: 'Press Add to cart', expected: 'The cart counts 1', data: 'SKU-1' },
      ],
    });
    expect(tests[1].steps).toEqual([{ action: 'Press Remove', expected: 'The cart is empty' }]);
  });
});

describe("Casebook's own export", () => {
  it('reads back into an equal catalog in another project (round trip)', async () => {
    const from = await newProject();
    const api = t.as(w.user.token);
    const section = (await api.post('/project/add-section', { projectId: from, sectionName: 'Auth' }).expect(201)).body.data.sectionId;
    const sub = (await api.post('/project/add-section', { projectId: from, sectionName: 'Login', parentSectionId: section }).expect(201))
      .body.data.sectionId;
    const labels = (await api.post('/project/add-labels', { projectId: from, labels: ['smoke', 'fast'] }).expect(201)).body.data;
    const lookups = await t.db.lookupEntry.findMany({ where: { projectId: from } });
    const id = (name: string) => lookups.find((l) => l.name === name)!.id;
    await api
      .post('/test/bulk-add', {
        projectId: from,
        tests: [
          {
            title: '=SUM(A1)',
            sectionId: sub,
            steps: [{ action: 'Open', expected: 'Opens', data: 'x' }, { action: 'Close' }],
            priorityId: id('High'),
            labels: labels.map((l: { labelId: number }) => l.labelId),
            automationKey: 'auth.login',
            expectedResult: 'ok, "fine"',
          },
          { title: 'Plain', steps: 'Do it\nthen check', platformId: id('Web'), testCoveredById: id('E2E'), testDescription: 'd' },
        ],
      })
      .expect(201);
    const exported = await t.http
      .get('/api/v1/tests/download')
      .query({ projectId: from, format: 'csv' })
      .set('Authorization', `Bearer ${w.user.token}`)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => done(null, text));
      })
      .expect(200);

    const to = await newProject();
    await importCsv(to, exported.body as string, mapping({ preset: 'casebook' })).expect(201);
    // Without a mapping the headers are read as Casebook's own.
    const again = await newProject();
    await importCsv(again, exported.body as string).expect(201);
    const shape = async (p: number) => {
      const n = await namesOf(p);
      return (await testsOf(p)).map((x) => ({
        title: x.title,
        section: n.section(x.sectionId as number),
        steps: x.steps,
        expectedResult: x.expectedResult,
        testDescription: x.testDescription,
        automationKey: x.automationKey,
        labels: n.labels(x.labels),
        lookups: [x.priorityId, x.platformId, x.testCoveredById].map(n.lookup),
      }));
    };
    const original = await shape(from);
    expect(original[0]).toMatchObject({ title: '=SUM(A1)', section: 'Auth > Login', labels: ['fast', 'smoke'] });
    expect(await shape(to)).toEqual(original);
    expect(await shape(again)).toEqual(original);
  });
});

describe('the file', () => {
  it('takes ; as the delimiter and a UTF-8 BOM, labels split on commas, sections on /', async () => {
    const projectId = await newProject();
    const csv = '\uFEFFtitle;section;labels;priority\n"Zahlung; mit Karte";Kasse/Zahlung;"a, b";high\nÜberweisung;Kasse;;\n';
    const res = await importCsv(projectId, csv).expect(201);
    expect(res.body.data).toMatchObject({ delimiter: ';', created: 2, labelsToCreate: { names: ['a', 'b'] } });
    expect(res.body.data.columns.map((c: { header: string }) => c.header)).toEqual(['title', 'section', 'labels', 'priority']);
    const tests = await testsOf(projectId);
    const n = await namesOf(projectId);
    expect(tests.map((x) => [x.title, n.section(x.sectionId as number), n.labels(x.labels)])).toEqual([
      ['Zahlung; mit Karte', 'Kasse > Zahlung', ['a', 'b']],
      ['Überweisung', 'Kasse', []],
    ]);
  });

  it('maps columns by the mapping, over a preset; finds existing sections, labels and squads by name', async () => {
    const projectId = await newProject();
    const squad = await createSquad(t.db, projectId, 'Team Pay');
    await importCsv(projectId, 'Name,Folder\nFirst,Pay\n', mapping({ columns: { Name: 'title', Folder: 'section' } })).expect(201);
    const res = await importCsv(
      projectId,
      'Name,Folder,Team,Tag,Key\nSecond,pay,team pay,x,k.1\n',
      mapping({ preset: 'testrail', columns: { Name: 'title', Folder: 'section', Team: 'squad', Tag: 'labels', Key: 'automationKey' } }),
    ).expect(201);
    expect(res.body.data).toMatchObject({ sectionsToCreate: { count: 0 }, labelsToCreate: { names: ['x'] } });
    const tests = await testsOf(projectId);
    expect(tests[1]).toMatchObject({ title: 'Second', sectionId: tests[0].sectionId, squadId: squad.squadId, automationKey: 'k.1' });
  });

  it('is 400 csv_malformed naming the row for a quote never closed or a row longer than the header; nothing written', async () => {
    const projectId = await newProject();
    const before = await counts(projectId);
    const open = await importCsv(projectId, 'title,section\nA,S\nB,S\n"C,S\nD,S\n').expect(400);
    expect(open.body.code).toBe('csv_malformed');
    expect(open.body.error).toMatch(/^Invalid CSV: row 4: Quote Not Closed/);
    const long = await importCsv(projectId, 'title,section\nA,S\nB,S,extra\n').expect(400);
    expect(long.body.error).toMatch(/^Invalid CSV: row 3: Invalid Record Length/);
    const latin1 = await importCsv(projectId, Buffer.from('title\nCaf\xe9\n', 'latin1')).expect(400);
    expect(latin1.body.error).toMatch(/not UTF-8/);
    expect((await importCsv(projectId, '').expect(400)).body.error).toBe('Invalid request: a body is required');
    expect(await counts(projectId)).toEqual(before);
  });

  it('is 400 for a mapping naming no field or no column, or no title column', async () => {
    const projectId = await newProject();
    const bad = await importCsv(projectId, 'a,b\n1,2\n', mapping({ columns: { a: 'titel', c: 'title' } })).expect(400);
    expect(bad.body.error).toContain('mapping.columns.a: "titel" is no field');
    expect(bad.body.error).toContain('mapping.columns.c: No column "c" in the file (a, b)');
    const none = await importCsv(projectId, 'a,b\n1,2\n').expect(400);
    expect(none.body.error).toContain('no column holds the title');
    const preset = await importCsv(projectId, 'title\nx\n', mapping({ preset: 'jira' })).expect(400);
    expect(preset.body.error).toContain('mapping.preset: Expected testrail, qase, casebook');
    expect((await importCsv(projectId, 'title\nx\n', { mapping: '{' }).expect(400)).body.error).toContain('Expected JSON');
  });

  it('is 413 past 50 MiB, nothing written', async () => {
    const projectId = await newProject();
    const before = await counts(projectId);
    const big = Buffer.alloc(MAX_CSV_BYTES + 1, 'a');
    big.write('title\n');
    const res = await importCsv(projectId, big).expect(413);
    expect(res.body.code).toBe('payload_too_large');
    expect(await counts(projectId)).toEqual(before);
  });
});

describe('custom fields', () => {
  it('reads cf_<key> or the key into customFields, converted by the field type; a value that is none is a row error', async () => {
    const projectId = await newProject();
    const field = (key: string, type: 'text' | 'number' | 'checkbox' | 'multiselect', options: string[] = []) =>
      t.db.customField.create({ data: { projectId, fieldKey: key, fieldName: key, type, appliesTo: 'test', options } });
    await field('component', 'text');
    await field('points', 'number');
    await field('manual_only', 'checkbox');
    await field('browsers', 'multiselect', ['Chrome', 'Firefox']);
    const csv = 'title,cf_component,points,Manual Only,browsers\nA,Cart,3,yes,"Chrome, Firefox"\nB,,"2,5",0,\n';
    const res = await importCsv(projectId, csv, mapping({ columns: { 'Manual Only': 'cf_manual_only' } })).expect(201);
    expect(res.body.data.columns).toEqual([
      { header: 'title', field: 'title' },
      { header: 'cf_component', field: 'cf_component' },
      { header: 'points', field: 'cf_points' },
      { header: 'Manual Only', field: 'cf_manual_only' },
      { header: 'browsers', field: 'cf_browsers' },
    ]);
    expect((await testsOf(projectId)).map((x) => x.customFields)).toEqual([
      { component: 'Cart', points: 3, manual_only: true, browsers: ['Chrome', 'Firefox'] },
      { points: 2.5, manual_only: false },
    ]);
    const bad = await importCsv(projectId, 'title,points,manual_only\nC,three,maybe\n', { dryRun: true }).expect(201);
    expect(bad.body.data.errors).toEqual([
      { row: 2, column: 'points', reason: '"three" is not a number' },
      { row: 2, column: 'manual_only', reason: '"maybe" is not true or false (yes/no, 1/0)' },
    ]);
  });

  it('checks values as a create does: options, user members, defaults and required fields', async () => {
    const projectId = await newProject();
    const stranger = w.adminB;
    await t.db.customField.createMany({
      data: [
        { projectId, fieldKey: 'area', fieldName: 'Area', type: 'select', appliesTo: 'test', options: ['Cart', 'Pay'] },
        { projectId, fieldKey: 'owner', fieldName: 'Owner', type: 'user', appliesTo: 'test' },
        {
          projectId,
          fieldKey: 'risk',
          fieldName: 'Risk',
          type: 'select',
          appliesTo: 'test',
          options: ['low', 'high'],
          defaultValue: 'low',
        },
        { projectId, fieldKey: 'story', fieldName: 'Story', type: 'text', appliesTo: 'test', required: true },
      ],
    });
    const csv = `title,area,owner,story\nA,Cart,${w.user.userId},S-1\nB,Shop,${stranger.userId},S-2\nC,Pay,,\n`;
    const dry = await importCsv(projectId, csv, { dryRun: true }).expect(201);
    expect(dry.body.data.errors).toEqual([
      { row: 3, column: 'area', reason: 'Expected one of "Cart", "Pay"' },
      { row: 3, column: 'owner', reason: `User ${stranger.userId} is not a member of the project's organization` },
      { row: 4, column: 'story', reason: 'Story is required, and the field has no default' },
    ]);
    expect(dry.body.data.preview[0].customFields).toEqual({ area: 'Cart', owner: w.user.userId, story: 'S-1', risk: 'low' });
    const before = await counts(projectId);
    const refused = await importCsv(projectId, csv).expect(400);
    expect(refused.body).toMatchObject({ status: 400, code: 'csv_invalid_rows' });
    expect(await counts(projectId)).toEqual(before);
  });
});

describe('dry run and bad rows', () => {
  const csv = [
    'Title,Section,Priority,Labels,Automation Key,Squad',
    'Good one,A > B,High,"new, other",key.1,',
    ',A,High,,,',
    'Bad priority,A,Urgent,,key.1,Nobody',
    `${'x'.repeat(501)},A,,,,`,
    'Good two,C,,,,',
  ].join('\n');

  it('a dry run answers every row error and the first tests as they would be, writing nothing', async () => {
    const projectId = await newProject();
    const before = await counts(projectId);
    const res = await importCsv(projectId, csv, { dryRun: true }).expect(201);
    expect(res.body.data).toMatchObject({
      dryRun: true,
      rowsRead: 5,
      testsToCreate: 5,
      created: 0,
      errorCount: 5,
      sectionsToCreate: { count: 3, names: ['A', 'A > B', 'C'] },
      labelsToCreate: { names: ['new', 'other'] },
    });
    expect(res.body.data.errors).toEqual([
      { row: 3, column: 'Title', reason: 'No title' },
      { row: 4, column: 'Priority', reason: 'No priority "Urgent" in this project (Critical, High, Medium, Low)' },
      { row: 4, column: 'Squad', reason: 'No squad "Nobody" in this project' },
      { row: 4, column: 'Automation Key', reason: 'Automation key "key.1" is also on row 2' },
      { row: 5, column: 'Title', reason: 'At most 500 characters' },
    ]);
    expect(res.body.data.preview).toEqual([
      expect.objectContaining({
        row: 2,
        title: 'Good one',
        section: 'A > B',
        priority: 'High',
        labels: ['new', 'other'],
        automationKey: 'key.1',
      }),
      expect.objectContaining({ row: 6, title: 'Good two', section: 'C', priority: null, labels: [] }),
    ]);
    expect(await counts(projectId)).toEqual(before);
  });

  it('a dry run of a good file shows at most 20 tests', async () => {
    const projectId = await newProject();
    const rows = Array.from({ length: 30 }, (_, i) => `Test ${i}`);
    const res = await importCsv(projectId, ['title', ...rows].join('\r\n'), { dryRun: true }).expect(201);
    expect(res.body.data).toMatchObject({ testsToCreate: 30, errorCount: 0 });
    expect(res.body.data.preview.map((p: { title: string }) => p.title)).toEqual(rows.slice(0, 20));
    expect((await counts(projectId)).tests).toBe(0);
  });

  it('an import with any bad row is a 400 listing row, column and reason, and writes nothing', async () => {
    const projectId = await newProject();
    const before = await counts(projectId);
    const res = await importCsv(projectId, csv).expect(400);
    expect(res.body).toMatchObject({ status: 400, code: 'csv_invalid_rows' });
    expect(res.body.error).toBe(
      'Invalid request: nothing was imported: row 3, Title: No title; row 4, Priority: No priority "Urgent" in this project ' +
        '(Critical, High, Medium, Low); row 4, Squad: No squad "Nobody" in this project; row 4, Automation Key: Automation key ' +
        '"key.1" is also on row 2; row 5, Title: At most 500 characters',
    );
    expect(await counts(projectId)).toEqual(before);
  });

  it('an automation key a test of the project holds is a row error', async () => {
    const projectId = await newProject();
    await t.as(w.user.token).post('/test/create', { projectId, title: 'Held', automationKey: 'k' }).expect(201);
    const res = await importCsv(projectId, 'title,automationKey\nNew,k\n').expect(400);
    expect(res.body.error).toContain('row 2, automationKey: Automation key "k" is held by a test of this project');
  });
});

describe('access', () => {
  it('a Reader is denied, a User and an Admin allowed; another organization’s project is 404, nothing written', async () => {
    const projectId = await newProject();
    const reader = await importCsv(projectId, 'title\nx\n', {}, w.reader.token).expect(403);
    expect(reader.body.code).toBe('forbidden');
    await importCsv(projectId, 'title\nx\n', {}, w.user.token).expect(201);
    await importCsv(projectId, 'title\ny\n', {}, w.admin.token).expect(201);
    const before = await counts(w.projectB.projectId);
    const other = await importCsv(w.projectB.projectId, 'title\nx\n').expect(404);
    expect(other.body.code).toBe('project_not_found');
    expect(await counts(w.projectB.projectId)).toEqual(before);
  });

  it('takes a multipart form of the file and its mapping (another organization: 404)', async () => {
    const projectId = await newProject();
    const send = (p: number) =>
      t.http
        .post('/api/v1/test/import-csv')
        .query({ projectId: p })
        .set('Authorization', `Bearer ${w.user.token}`)
        .field('mapping', JSON.stringify({ columns: { Name: 'title' } }))
        .attach('file', Buffer.from('Name\nFrom a form\n'), { filename: 'cases.csv', contentType: 'text/csv' });
    const res = await send(projectId).expect(201);
    expect(res.body.data).toMatchObject({ created: 1 });
    expect((await testsOf(projectId)).map((x) => x.title)).toEqual(['From a form']);
    expect((await send(w.projectB.projectId).expect(404)).body.code).toBe('project_not_found');
  });
});

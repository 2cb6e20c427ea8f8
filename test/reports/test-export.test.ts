import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createLabel, createSection, createSquad, createTests, labelTests, lookupIds } from '../support/catalog-factories';

let t: TestApp;
let w: World;
let p: number;
// Id → name, one map per table (ids of different tables overlap).
const names = { lookup: new Map<number, string>(), squad: new Map<number, string>(), label: new Map<number, string>() };
const sectionPath = new Map<number, string>();

type TestRecord = Record<string, unknown> & { testId: number; title: string; labels: number[] };

// A catalog that exercises every CSV column, quoting and formula escaping.
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  const lk = await lookupIds(t.db, p);
  for (const kind of Object.values(lk)) for (const [name, id] of Object.entries(kind)) names.lookup.set(id, name);
  const auth = await createSection(t.db, p, 'Auth');
  const login = await createSection(t.db, p, 'Login', auth.sectionId);
  sectionPath.set(auth.sectionId, 'Auth').set(login.sectionId, 'Auth > Login');
  const squad = await createSquad(t.db, p, '+Core');
  const [smoke, fast] = [await createLabel(t.db, p, 'smoke'), await createLabel(t.db, p, 'fast')];
  names.squad.set(squad.squadId, squad.squadName);
  for (const x of [smoke, fast]) names.label.set(x.labelId, x.labelName);
  const tricky = ['=SUM(A1:A2)', '+1', '-2', '@cmd', '\tTabbed', '\rReturn', 'Quote "this", then, a comma', 'Line\nbreak'];
  const ids = await createTests(t.db, p, 1200, (i) => ({
    title: i < tricky.length ? tricky[i] : `Case ${i}`,
    sectionId: i % 3 === 0 ? login.sectionId : i % 3 === 1 ? auth.sectionId : undefined,
    priorityId: Object.values(lk.priority)[i % 4],
    typeId: lk.type.Smoke,
    automationStatusId: i % 2 ? lk.automation_status.Automated : undefined,
    platformId: lk.platform.Web,
    testCoveredById: lk.test_covered_by.E2E,
    squadId: i % 5 === 0 ? squad.squadId : undefined,
  }));
  await t.db.test.update({
    where: { testId: ids[1] },
    data: { testDescription: '=HYPERLINK("x")', steps: '1. a\n2. b', expectedResult: 'ok, "fine"' },
  });
  await labelTests(
    t.db,
    smoke.labelId,
    ids.filter((_, i) => i % 2 === 0),
  );
  await labelTests(
    t.db,
    fast.labelId,
    ids.filter((_, i) => i % 4 === 0),
  );
  await createTests(t.db, p, 3, () => ({ deletedAt: new Date() }), 'Deleted');
});
afterAll(() => t.close());

const download = (query: Record<string, unknown>, token = w.reader.token) =>
  t
    .as(token)
    .get('/tests/download', { projectId: p, ...query })
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });

const allTests = async (query: Record<string, unknown> = {}): Promise<TestRecord[]> => {
  const out: TestRecord[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = (
      await t
        .as(w.reader.token)
        .get('/project/tests', { projectId: p, ...query, limit: 1000, offset })
        .expect(200)
    ).body.data;
    out.push(...page.tests);
    if (out.length >= page.total) return out;
  }
};

// A formula's first character, also after leading whitespace, or a leading tab or CR: escaped with '.
const escapeFormula = (s: string) => (/^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/.test(s) ? `'${s}` : s);
const name = (id: unknown, map = names.lookup) => (id === null ? '' : map.get(id as number)!);

/** What the CSV row of a JSON record must say. */
function expectedCsv(r: TestRecord): Record<string, string> {
  return {
    ID: String(r.testId),
    Title: escapeFormula(r.title),
    Description: escapeFormula((r.testDescription as string | null) ?? ''),
    Preconditions: (r.preconditions as string | null) ?? '',
    Steps: (r.steps as string | null) ?? '',
    'Expected Result': (r.expectedResult as string | null) ?? '',
    Section: r.sectionId === null ? '' : sectionPath.get(r.sectionId as number)!,
    Priority: name(r.priorityId),
    Type: name(r.typeId),
    'Automation Status': name(r.automationStatusId),
    Platform: name(r.platformId),
    'Covered By': name(r.testCoveredById),
    Squad: escapeFormula(name(r.squadId, names.squad)),
    'Automation Key': escapeFormula((r.automationKey as string | null) ?? ''),
    Labels: r.labels.map((id) => name(id, names.label)).join(';'),
    'Created At': r.createdAt as string,
    'Updated At': r.updatedAt as string,
  };
}

describe('GET /tests/download', () => {
  it('exports JSON: a bare array of the catalog, as the list gives it, across batches', async () => {
    const res = await download({ format: 'json' }).expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="project-${p}-tests.json"`);
    const exported = JSON.parse(res.body as string) as TestRecord[];
    expect(exported).toHaveLength(1200);
    expect(exported).toEqual(await allTests());
  });

  it('exports CSV that parses back to the same rows as the JSON export, names instead of ids, formulas escaped', async () => {
    const res = await download({ format: 'csv' }).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="project-${p}-tests.csv"`);
    const rows = parse<Record<string, string>>(res.body as string, { columns: true });
    const json = JSON.parse((await download({ format: 'json' }).expect(200)).body as string) as TestRecord[];
    expect(rows).toEqual(json.map(expectedCsv));
    expect(rows.slice(0, 6).map((r) => r.Title)).toEqual(["'=SUM(A1:A2)", "'+1", "'-2", "'@cmd", "'\tTabbed", "'\rReturn"]);
    expect(rows[1]).toMatchObject({ Description: `'=HYPERLINK("x")`, Steps: '1. a\n2. b', 'Expected Result': 'ok, "fine"' });
    expect(rows[0]).toMatchObject({ Section: 'Auth > Login', Squad: "'+Core", Labels: 'smoke;fast', Priority: 'Critical', Type: 'Smoke' });
  });

  it('escapes a formula after leading whitespace, keeps other text and numbers as they are', async () => {
    const project = (await createProject(t.db, w.orgA.orgId)).projectId;
    const cells: [string, string][] = [
      [' =1+1', "' =1+1"],
      ['\n=1+1', "'\n=1+1"],
      ['\t=1', "'\t=1"],
      ['  @SUM(A1)', "'  @SUM(A1)"],
      ['\r\n -2', "'\r\n -2"],
      ['\u00a0+1', "'\u00a0+1"],
      [' \uFF1D1', "' \uFF1D1"],
      // Already escaped, or a formula sign that is not first: text as it is.
      ["'=1+1", "'=1+1"],
      [' a=1', ' a=1'],
      ['1-2', '1-2'],
    ];
    const ids = await createTests(t.db, project, cells.length, (i) => ({ title: cells[i][0], testDescription: cells[i][0] }));
    const res = await download({ projectId: project, format: 'csv' }).expect(200);
    const rows = parse<Record<string, string>>(res.body as string, { columns: true });
    expect(rows.map((r) => [r.Title, r.Description])).toEqual(cells.map(([, out]) => [out, out]));
    // The ID column is a number: never escaped.
    expect(rows.map((r) => r.ID)).toEqual(ids.map(String));
  });

  it('applies the list filters', async () => {
    const lk = await lookupIds(t.db, p);
    const query = { priorityId: lk.priority.High, search: 'case 1' };
    const json = JSON.parse((await download({ format: 'json', ...query }).expect(200)).body as string) as TestRecord[];
    const listed = await allTests(query);
    expect(json.map((r) => r.testId)).toEqual(listed.map((r) => r.testId));
    expect(json.length).toBeGreaterThan(0);
    const csv = parse<Record<string, string>>((await download({ format: 'csv', ...query }).expect(200)).body as string, { columns: true });
    expect(csv.map((r) => Number(r.ID))).toEqual(listed.map((r) => r.testId));
  });

  it('exports an empty project as [] and a CSV with only its header', async () => {
    const empty = (await createProject(t.db, w.orgA.orgId)).projectId;
    expect(JSON.parse((await download({ projectId: empty }).expect(200)).body as string)).toEqual([]);
    const csv = (await download({ projectId: empty, format: 'csv' }).expect(200)).body as string;
    expect(csv.trim()).toBe(
      'ID,Title,Description,Preconditions,Steps,Expected Result,Section,Priority,Type,Automation Status,Platform,Covered By,Squad,Automation Key,Labels,Created At,Updated At',
    );
  });

  it('answers errors before the first byte with the JSON envelope', async () => {
    const foreign = await t.as(w.reader.token).get('/tests/download', { projectId: w.projectB.projectId, format: 'csv' }).expect(404);
    expect(foreign.body).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
    expect(foreign.headers['content-disposition']).toBeUndefined();
    const bad = await t.as(w.reader.token).get('/tests/download', { projectId: p, format: 'xlsx' }).expect(400);
    expect(bad.body).toEqual({ error: 'Invalid request: format: Expected json or csv', status: 400, code: 'validation_failed' });
    const anonymous = await t.http.get('/api/v1/tests/download').query({ projectId: p }).expect(401);
    expect(anonymous.body.error).toBe('Unauthorized - Please login');
  });
});

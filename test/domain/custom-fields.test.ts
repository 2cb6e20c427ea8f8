import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';

// The custom field routes: add (derived keys, limit), list, edit (type fixed, options in use), delete (values go), roles, tenancy.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const add = (token: string, body: Record<string, unknown>) =>
  t.as(token).post('/project/add-custom-field', { projectId: w.projectA.projectId, appliesTo: 'test', type: 'text', ...body });

describe('POST /project/add-custom-field', () => {
  it('adds a field, deriving its key from the name and making it unique with a suffix', async () => {
    const project = await createProject(t.db, w.orgA.orgId);
    const body = { projectId: project.projectId, appliesTo: 'test', type: 'text', name: 'Story Points / Effort' };
    const first = await t.as(w.user.token).post('/project/add-custom-field', body).expect(201);
    expect(first.body.data).toMatchObject({
      key: 'story_points_effort',
      name: 'Story Points / Effort',
      type: 'text',
      appliesTo: 'test',
      options: [],
      required: false,
      defaultValue: null,
      projectId: project.projectId,
    });
    const second = await t.as(w.admin.token).post('/project/add-custom-field', body).expect(201);
    expect(second.body.data.key).toBe('story_points_effort_2');
    const numeric = await t
      .as(w.user.token)
      .post('/project/add-custom-field', { ...body, name: '2nd try' })
      .expect(201);
    expect(numeric.body.data.key).toBe('f_2nd_try');
  });

  it('refuses a given key that exists (409 duplicate_key)', async () => {
    await add(w.user.token, { name: 'Owner team', key: 'owner_team' }).expect(201);
    const res = await add(w.user.token, { name: 'Other', key: 'owner_team' }).expect(409);
    expect(res.body).toMatchObject({ status: 409, code: 'duplicate_key' });
  });

  it('checks options and the default against the type (400, nothing written)', async () => {
    const before = await t.db.customField.count();
    expect((await add(w.user.token, { name: 'S', type: 'select' }).expect(400)).body.message ?? '').toBeDefined();
    const noOptions = await add(w.user.token, { name: 'S', type: 'select' }).expect(400);
    expect(noOptions.body.error).toMatch(/options: A select field needs at least one option/);
    const stray = await add(w.user.token, { name: 'T', options: ['a'] }).expect(400);
    expect(stray.body.error).toMatch(/Only select and multiselect/);
    const badDefault = await add(w.user.token, { name: 'N', type: 'number', defaultValue: 'three' }).expect(400);
    expect(badDefault.body.error).toMatch(/defaultValue: Expected a number/);
    const badOption = await add(w.user.token, { name: 'S', type: 'select', options: ['a', 'b'], defaultValue: 'c' }).expect(400);
    expect(badOption.body.error).toMatch(/defaultValue: Expected one of "a", "b"/);
    const dup = await add(w.user.token, { name: 'S', type: 'multiselect', options: ['a', 'a'] }).expect(400);
    expect(dup.body.error).toMatch(/options.1: Duplicate of options.0/);
    await add(w.user.token, { name: 'X', type: 'colour' }).expect(400);
    await add(w.user.token, { name: 'X', appliesTo: 'run' }).expect(400);
    await add(w.user.token, { name: 'X', key: 'Bad Key' }).expect(400);
    expect(await t.db.customField.count()).toBe(before);
  });

  it('takes a user default only of a member of the organization', async () => {
    const bad = await add(w.user.token, { name: 'Reviewer', type: 'user', defaultValue: w.adminB.userId }).expect(400);
    expect(bad.body.error).toMatch(/defaultValue: User \d+ is not a member/);
    await add(w.user.token, { name: 'Reviewer', type: 'user', defaultValue: w.reader.userId }).expect(201);
  });

  it('is for User and Admin: a Reader gets 403; another organization 404', async () => {
    expect((await add(w.reader.token, { name: 'R' }).expect(403)).body.code).toBe('forbidden');
    const res = await t
      .as(w.user.token)
      .post('/project/add-custom-field', { projectId: w.projectB.projectId, name: 'X', type: 'text', appliesTo: 'test' })
      .expect(404);
    expect(res.body.code).toBe('project_not_found');
  });

  it('allows at most 50 fields a project (409 field_limit)', async () => {
    const project = await createProject(t.db, w.orgA.orgId);
    await t.db.customField.createMany({
      data: Array.from({ length: 50 }, (_, i) => ({
        projectId: project.projectId,
        fieldKey: `f${i}`,
        fieldName: `F${i}`,
        type: 'text' as const,
        appliesTo: 'test' as const,
      })),
    });
    const res = await t
      .as(w.user.token)
      .post('/project/add-custom-field', { projectId: project.projectId, name: 'One more', type: 'text', appliesTo: 'result' })
      .expect(409);
    expect(res.body).toMatchObject({ status: 409, code: 'field_limit' });
    expect(await t.db.customField.count({ where: { projectId: project.projectId } })).toBe(50);
  });
});

describe('GET /custom-fields', () => {
  it('lists the fields in order, narrowed by appliesTo, for every role', async () => {
    const project = await createProject(t.db, w.orgA.orgId);
    const base = { projectId: project.projectId, type: 'checkbox' };
    await t
      .as(w.user.token)
      .post('/project/add-custom-field', { ...base, name: 'A', appliesTo: 'test' })
      .expect(201);
    await t
      .as(w.user.token)
      .post('/project/add-custom-field', { ...base, name: 'B', appliesTo: 'result' })
      .expect(201);
    const all = await t.as(w.reader.token).get('/custom-fields', { projectId: project.projectId }).expect(200);
    expect(all.body.data.map((f: { key: string }) => f.key)).toEqual(['a', 'b']);
    const results = await t.as(w.reader.token).get('/custom-fields', { projectId: project.projectId, appliesTo: 'result' }).expect(200);
    expect(results.body.data.map((f: { key: string }) => f.key)).toEqual(['b']);
    await t.as(w.reader.token).get('/custom-fields', { projectId: w.projectB.projectId }).expect(404);
    await t.as(w.reader.token).get('/custom-fields', { projectId: project.projectId, appliesTo: 'x' }).expect(400);
  });
});

describe('PUT /project/edit-custom-field', () => {
  it('changes name, options, required and default; not the type (400)', async () => {
    const field = (await add(w.user.token, { name: 'Area', type: 'select', options: ['a', 'b'] }).expect(201)).body.data;
    const edit = (token: string, body: Record<string, unknown>) =>
      t.as(token).put('/project/edit-custom-field', { projectId: w.projectA.projectId, fieldId: field.fieldId, ...body });
    const res = await edit(w.user.token, { name: 'Area of app', options: ['a', 'b', 'c'], required: true, defaultValue: 'c' }).expect(200);
    expect(res.body.data).toMatchObject({
      key: field.key,
      name: 'Area of app',
      options: ['a', 'b', 'c'],
      required: true,
      defaultValue: 'c',
    });
    expect((await edit(w.user.token, { type: 'text' }).expect(400)).body.code).toBe('validation_failed');
    expect((await edit(w.user.token, { options: [] }).expect(400)).body.error).toMatch(/at least one option/);
    expect((await edit(w.user.token, { defaultValue: 'zz' }).expect(400)).body.error).toMatch(/defaultValue/);
    await edit(w.reader.token, { name: 'R' }).expect(403);
    const elsewhere = await t
      .as(w.adminB.token)
      .put('/project/edit-custom-field', { projectId: w.projectB.projectId, fieldId: field.fieldId, name: 'X' })
      .expect(404);
    expect(elsewhere.body).toMatchObject({ status: 404, code: 'custom_field_not_found' });
    await t
      .as(w.adminB.token)
      .put('/project/edit-custom-field', { projectId: w.projectA.projectId, fieldId: field.fieldId, name: 'X' })
      .expect(404);
  });

  it('refuses to remove an option tests hold (409 in_use, counting them)', async () => {
    const field = (await add(w.user.token, { name: 'Browsers', type: 'multiselect', options: ['chrome', 'firefox'] }).expect(201)).body
      .data;
    for (let i = 0; i < 2; i++)
      await t
        .as(w.user.token)
        .post('/test/create', { projectId: w.projectA.projectId, title: `B${i}`, customFields: { [field.key]: ['firefox'] } })
        .expect(201);
    const res = await t
      .as(w.user.token)
      .put('/project/edit-custom-field', { projectId: w.projectA.projectId, fieldId: field.fieldId, options: ['chrome'] })
      .expect(409);
    expect(res.body).toMatchObject({ code: 'in_use', error: 'Option "firefox" is in use by 2 test(s) and 0 result(s)' });
    await t
      .as(w.user.token)
      .put('/project/edit-custom-field', { projectId: w.projectA.projectId, fieldId: field.fieldId, options: ['firefox', 'edge'] })
      .expect(200);
  });
});

describe('DELETE /project/delete-custom-field', () => {
  it('is for Admin, and takes the values off tests and results in the same transaction', async () => {
    const project = await createProject(t.db, w.orgA.orgId);
    const projectId = project.projectId;
    const cf = (name: string, appliesTo: string) =>
      t.as(w.user.token).post('/project/add-custom-field', { projectId, name, type: 'text', appliesTo }).expect(201);
    const field = (await cf('Notes', 'test')).body.data;
    const other = (await cf('Kept', 'test')).body.data;
    const resultField = (await cf('Env', 'result')).body.data;
    const test = await t
      .as(w.user.token)
      .post('/test/create', { projectId, title: 'T', customFields: { notes: 'x', kept: 'y' } })
      .expect(201);
    const testId = test.body.data.testId;
    const run = await t
      .as(w.user.token)
      .post('/run/create', { projectId, runName: 'R', testIds: [testId] })
      .expect(201);
    const runId = run.body.data.runId;
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { projectId, runId, testResults: [{ testId, status: 'passed', customFields: { env: 'staging' } }] })
      .expect(200);

    const del = (token: string, fieldId: number) => t.as(token).delete('/project/delete-custom-field', { projectId, fieldId });
    expect((await del(w.user.token, field.fieldId).expect(403)).body.code).toBe('forbidden');
    expect((await del(w.admin.token, field.fieldId).expect(200)).body.data).toEqual({
      fieldId: field.fieldId,
      deleted: true,
      tests: 1,
      results: 0,
    });
    expect((await del(w.admin.token, resultField.fieldId).expect(200)).body.data).toMatchObject({ tests: 0, results: 1 });
    expect((await del(w.admin.token, field.fieldId).expect(404)).body.code).toBe('custom_field_not_found');
    expect((await del(w.adminB.token, other.fieldId).expect(404)).body.code).toBe('project_not_found');

    const row = await t.db.test.findUniqueOrThrow({ where: { testId } });
    expect(row.customFields).toEqual({ kept: 'y' });
    const rt = await t.db.$queryRaw<{ custom_fields: unknown }[]>`SELECT custom_fields FROM run_tests WHERE run_id = ${runId}`;
    expect(rt[0].custom_fields).toEqual({});
    const audit = await t.db.auditEvent.findFirst({ where: { action: 'custom-field.deleted', targetId: field.fieldId } });
    expect(audit).not.toBeNull();
  });
});

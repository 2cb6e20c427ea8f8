import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';

// Configurations over HTTP: groups of ordered options per project, added, edited as a whole
// list (kept options keep their ids), deleted leaving runs made with them as they were.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

interface Option {
  optionId: number;
  name: string;
  position: number;
}
interface Group {
  groupId: number;
  projectId: number;
  name: string;
  options: Option[];
}

const newProject = async () => (await createProject(t.db, w.orgA.orgId)).projectId;

async function addGroup(projectId: number, name: string, options: string[], token = w.user.token): Promise<Group> {
  return (await t.as(token).post('/project/add-configuration-group', { projectId, name, options }).expect(201)).body.data;
}

const list = async (projectId: number, token = w.reader.token): Promise<Group[]> =>
  (await t.as(token).get('/project/configurations', { projectId }).expect(200)).body.data.groups;

const edit = (body: Record<string, unknown>, token = w.user.token) => t.as(token).put('/project/edit-configuration-group', body);

/** What the project's groups and options are, straight from the tables. */
const stored = async (projectId: number) =>
  t.db.configurationGroup.findMany({
    where: { projectId },
    orderBy: { groupId: 'asc' },
    include: { options: { orderBy: { optionId: 'asc' } } },
  });

describe('add and list', () => {
  it('adds groups with their options in order and lists them by name for a Reader, with an ETag that moves on a write', async () => {
    const p = await newProject();
    const os = await addGroup(p, 'OS', ['Linux', 'Windows', 'macOS']);
    expect(os).toEqual({
      groupId: expect.any(Number),
      projectId: p,
      name: 'OS',
      options: [
        { optionId: expect.any(Number), name: 'Linux', position: 0 },
        { optionId: expect.any(Number), name: 'Windows', position: 1 },
        { optionId: expect.any(Number), name: 'macOS', position: 2 },
      ],
    });
    const first = await t.as(w.reader.token).get('/project/configurations', { projectId: p }).expect(200);
    await t.as(w.reader.token).get('/project/configurations', { projectId: p }).set('If-None-Match', first.headers.etag).expect(304);
    const browser = await addGroup(p, 'browser', [' Chrome ', 'Firefox'], w.admin.token);
    expect(browser.options.map((o) => o.name)).toEqual(['Chrome', 'Firefox']);
    const after = await t.as(w.reader.token).get('/project/configurations', { projectId: p }).set('If-None-Match', first.headers.etag);
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual({ groups: [browser, os] });
    // Another project's groups are its own; names are unique per project only.
    const other = await newProject();
    await addGroup(other, 'OS', ['Android']);
    expect((await list(p)).map((g) => g.name)).toEqual(['browser', 'OS']);
    expect(await list(await newProject())).toEqual([]);
  });

  it('refuses a group name the project has, compared case-insensitively (409 duplicate_name), writing nothing', async () => {
    const p = await newProject();
    await addGroup(p, 'Browser', ['Chrome']);
    const before = await stored(p);
    const res = await t
      .as(w.user.token)
      .post('/project/add-configuration-group', { projectId: p, name: 'BROWSER', options: ['Edge'] })
      .expect(409);
    expect(res.body).toEqual({
      error: 'Configuration group already exists: the project has a group named "Browser"',
      status: 409,
      code: 'duplicate_name',
    });
    expect(await stored(p)).toEqual(before);
  });

  it('refuses bad names and option lists (400 validation_failed naming the field), writing nothing', async () => {
    const p = await newProject();
    const before = await t.db.configurationOption.count();
    const groupsBefore = await t.db.configurationGroup.count();
    for (const [body, field] of [
      [{ projectId: p, name: ' ', options: ['a'] }, 'name: Must not be empty'],
      [{ projectId: p, name: 'x'.repeat(101), options: ['a'] }, 'name: At most 100 characters'],
      [{ projectId: p, name: 'Browser' }, 'options'],
      [{ projectId: p, name: 'Browser', options: [] }, 'options: At least one option'],
      [{ projectId: p, name: 'Browser', options: Array.from({ length: 51 }, (_, i) => `o${i}`) }, 'options: At most 50 options'],
      [{ projectId: p, name: 'Browser', options: ['Chrome', 'Safari', 'chrome'] }, 'options.2: Duplicate of options.0'],
      [{ projectId: p, name: 'Browser', options: ['Chrome', '  '] }, 'options.1: Must not be empty'],
      [{ projectId: p, name: 'Browser', options: ['y'.repeat(101)] }, 'options.0: At most 100 characters'],
      [{ projectId: p, name: 'Browser', options: [7] }, 'options.0'],
      [{ projectId: p, name: 'Browser', options: ['Chrome'], colour: 'red' }, 'colour'],
    ] as const) {
      const res = await t.as(w.user.token).post('/project/add-configuration-group', body).expect(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error).toContain(field);
    }
    expect([await t.db.configurationGroup.count(), await t.db.configurationOption.count()]).toEqual([groupsBefore, before]);
  });
});

describe('edit', () => {
  it('renames the group and makes its options the list given: kept ones keep their ids, new ones are added, the rest deleted', async () => {
    const p = await newProject();
    const g = await addGroup(p, 'Browser', ['Chrome', 'Firefox', 'Safari', 'IE']);
    const [chrome, firefox, safari, ie] = g.options.map((o) => o.optionId);
    const res = await edit({
      projectId: p,
      groupId: g.groupId,
      name: 'Web browser',
      options: [
        { optionId: safari, name: 'Safari 17' },
        { name: 'Edge' },
        { optionId: chrome, name: 'Chrome' },
        { optionId: firefox, name: 'Firefox' },
      ],
    }).expect(200);
    expect(res.body.data).toEqual({
      groupId: g.groupId,
      projectId: p,
      name: 'Web browser',
      options: [
        { optionId: safari, name: 'Safari 17', position: 0 },
        { optionId: expect.any(Number), name: 'Edge', position: 1 },
        { optionId: chrome, name: 'Chrome', position: 2 },
        { optionId: firefox, name: 'Firefox', position: 3 },
      ],
    });
    expect(await t.db.configurationOption.findUnique({ where: { optionId: ie } })).toBeNull();
    expect(await list(p)).toEqual([res.body.data]);
  });

  it('lets names change hands within the list, and the group keep or change its name alone', async () => {
    const p = await newProject();
    const g = await addGroup(p, 'OS', ['Linux', 'Windows']);
    const [linux, windows] = g.options.map((o) => o.optionId);
    const swapped = (
      await edit({
        projectId: p,
        groupId: g.groupId,
        options: [
          { optionId: linux, name: 'Windows' },
          { optionId: windows, name: 'linux' },
        ],
      }).expect(200)
    ).body.data;
    expect(swapped.options).toEqual([
      { optionId: linux, name: 'Windows', position: 0 },
      { optionId: windows, name: 'linux', position: 1 },
    ]);
    expect(swapped.name).toBe('OS');
    // Its own name in another case is no clash; the name alone leaves the options be.
    const renamed = (await edit({ projectId: p, groupId: g.groupId, name: 'os' }).expect(200)).body.data;
    expect(renamed).toEqual({ ...swapped, name: 'os' });
  });

  it('refuses an option of another group (400 invalid_reference), a name another group has (409), bad lists (400), writing nothing', async () => {
    const p = await newProject();
    const g = await addGroup(p, 'Browser', ['Chrome', 'Firefox']);
    const other = await addGroup(p, 'OS', ['Linux']);
    const before = await stored(p);
    const [chrome] = g.options.map((o) => o.optionId);
    const stranger = await edit({
      projectId: p,
      groupId: g.groupId,
      name: 'Renamed',
      options: [{ optionId: chrome, name: 'Chrome' }, { name: 'Edge' }, { optionId: other.options[0].optionId, name: 'Linux' }],
    }).expect(400);
    expect(stranger.body).toEqual({
      error: `Invalid request: options.2.optionId: No option ${other.options[0].optionId} in group ${g.groupId}`,
      status: 400,
      code: 'invalid_reference',
    });
    const taken = await edit({ projectId: p, groupId: g.groupId, name: 'os', options: [{ name: 'Edge' }] }).expect(409);
    expect(taken.body.code).toBe('duplicate_name');
    for (const [options, field] of [
      [[], 'options: At least one option'],
      [[{ name: 'Edge' }, { name: 'EDGE' }], 'options.1.name: Duplicate of options.0'],
      [
        [
          { optionId: chrome, name: 'A' },
          { optionId: chrome, name: 'B' },
        ],
        'options.1.optionId: Duplicate of options.0.optionId',
      ],
      [[{ optionId: chrome }], 'options.0.name'],
      [[{ optionId: 0, name: 'A' }], 'options.0.optionId'],
    ] as const) {
      const res = await edit({ projectId: p, groupId: g.groupId, options }).expect(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error).toContain(field);
    }
    expect(await stored(p)).toEqual(before);
  });
});

describe('roles, organizations, inactive projects', () => {
  it('lets a Reader read but not write (403), a User write but not delete, writing nothing refused', async () => {
    const p = await newProject();
    const g = await addGroup(p, 'Browser', ['Chrome']);
    const ids = { projectId: p, groupId: g.groupId };
    const before = await stored(p);
    for (const [method, path, body] of [
      ['post', '/project/add-configuration-group', { projectId: p, name: 'OS', options: ['Linux'] }],
      ['put', '/project/edit-configuration-group', { ...ids, name: 'No' }],
      ['delete', '/project/delete-configuration-group', ids],
    ] as const) {
      expect((await t.as(w.reader.token)[method](path, body).expect(403)).body.code).toBe('forbidden');
    }
    expect((await t.as(w.user.token).delete('/project/delete-configuration-group', ids).expect(403)).body.code).toBe('forbidden');
    expect(await stored(p)).toEqual(before);
    await edit({ ...ids, name: 'Yes' }, w.user.token).expect(200);
  });

  it("answers 404 for another organization's project or group, and for a group of another project", async () => {
    const p = await newProject();
    const sibling = await newProject();
    const theirs = (
      await t
        .as(w.adminB.token)
        .post('/project/add-configuration-group', { projectId: w.projectB.projectId, name: 'Theirs', options: ['A'] })
        .expect(201)
    ).body.data as Group;
    const b = { projectId: w.projectB.projectId, groupId: theirs.groupId };
    expect((await t.as(w.admin.token).get('/project/configurations', { projectId: b.projectId }).expect(404)).body.code).toBe(
      'project_not_found',
    );
    expect(
      (
        await t
          .as(w.admin.token)
          .post('/project/add-configuration-group', { projectId: b.projectId, name: 'x', options: ['y'] })
          .expect(404)
      ).body.code,
    ).toBe('project_not_found');
    expect((await edit({ ...b, name: 'Mine' }, w.admin.token).expect(404)).body.code).toBe('project_not_found');
    expect((await t.as(w.admin.token).delete('/project/delete-configuration-group', b).expect(404)).body.code).toBe('project_not_found');
    // Their group, or one of a sibling project, named under our project: no such group here.
    const ours = await addGroup(sibling, 'Sibling', ['A']);
    for (const groupId of [theirs.groupId, ours.groupId, 2147483647]) {
      expect((await edit({ projectId: p, groupId, name: 'Mine' }, w.admin.token).expect(404)).body).toEqual({
        error: 'Configuration group not found',
        status: 404,
        code: 'configuration_group_not_found',
      });
      expect(
        (await t.as(w.admin.token).delete('/project/delete-configuration-group', { projectId: p, groupId }).expect(404)).body.code,
      ).toBe('configuration_group_not_found');
    }
    expect(await list(w.projectB.projectId, w.adminB.token)).toEqual([theirs]);
    expect(await list(sibling)).toEqual([ours]);
  });

  it('refuses writes in an inactive project (409 project_inactive), still listing its groups', async () => {
    const p = await newProject();
    const g = await addGroup(p, 'Browser', ['Chrome']);
    await t.db.project.update({ where: { projectId: p }, data: { isActive: false } });
    const ids = { projectId: p, groupId: g.groupId };
    expect(
      (
        await t
          .as(w.user.token)
          .post('/project/add-configuration-group', { projectId: p, name: 'OS', options: ['Linux'] })
          .expect(409)
      ).body.code,
    ).toBe('project_inactive');
    expect((await edit({ ...ids, name: 'x' }).expect(409)).body.code).toBe('project_inactive');
    expect((await t.as(w.admin.token).delete('/project/delete-configuration-group', ids).expect(409)).body.code).toBe('project_inactive');
    expect(await list(p)).toEqual([g]);
  });
});

describe('delete', () => {
  it('deletes a group and its options (Admin), audited; a run made with them keeps its name and option ids', async () => {
    const p = await newProject();
    const [testId] = await createTests(t.db, p, 1);
    const g = await addGroup(p, 'Browser', ['Chrome', 'Firefox']);
    const kept = await addGroup(p, 'OS', ['Linux']);
    const run = (
      await t
        .as(w.user.token)
        .post('/run/create', { projectId: p, runName: 'R – Chrome', testIds: [testId] })
        .expect(201)
    ).body.data;
    const configuration = [g.options[0].optionId, kept.options[0].optionId];
    await t.db.run.update({ where: { runId: run.runId }, data: { configuration } });
    const res = await t.as(w.admin.token).delete('/project/delete-configuration-group', { projectId: p, groupId: g.groupId }).expect(200);
    expect(res.body.data).toEqual({ groupId: g.groupId, deleted: true });
    expect(await list(p)).toEqual([kept]);
    expect(await t.db.configurationOption.count({ where: { groupId: g.groupId } })).toBe(0);
    const after = await t.db.run.findUnique({ where: { runId: run.runId } });
    expect([after!.runName, after!.configuration]).toEqual(['R – Chrome', configuration]);
    const audit = (await t.as(w.admin.token).get('/audit', { orgId: w.orgA.orgId, action: 'configuration-group.deleted' }).expect(200)).body
      .data;
    expect(audit.events[0]).toMatchObject({
      targetType: 'configuration-group',
      targetId: g.groupId,
      detail: { projectId: p, name: 'Browser', options: 2 },
    });
    // Gone: a second delete finds nothing.
    expect(
      (await t.as(w.admin.token).delete('/project/delete-configuration-group', { projectId: p, groupId: g.groupId }).expect(404)).body.code,
    ).toBe('configuration_group_not_found');
  });
});

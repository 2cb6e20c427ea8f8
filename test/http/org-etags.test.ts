import { createTestApp, type TestApp } from '../support/app';
import { createOrg, createProject, createUser, createWorld, type TestUser, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { createSession } from '../../src/auth/sessions';
import { createOrUpdateUser } from '../../src/cli/admin-commands';

// Organization-level reads: GET /orgs, /org/detail, /projects,
// /all-users, /audit, /tokens and /user/details answer with an ETag made of a
// version read before the page (organizations' change and audit counters, the
// user's change counter, and for answers that differ by caller the caller's
// memberships). Every write to what an answer shows makes its ETag stale; while
// nothing changed, If-None-Match is a 304; one caller's ETag never confirms another
// caller's answer.
//
// The callers read with the session cookies of an OAuth sign-in (a session started from
// a token would keep that token's organization scope, and a token's first use in a
// while records when it was used, off the request path, which moves its owner's counter
// and would race the reads); the test of /tokens uses a fresh token on purpose.

let t: TestApp;
let w: World;
const cookies = new Map<number, string>();

/** A browser session for the user, as an OAuth sign-in starts it. */
async function signIn(user: TestUser): Promise<string> {
  const session = await createSession(t.db, user.userId, 60 * 60_000);
  const cookie = `user_session=${session.secret}`;
  cookies.set(user.userId, cookie);
  return cookie;
}

/** Waits for the token's last use to be written (authentication writes it off the request path). */
async function usedRecorded(tokenId: number): Promise<Date> {
  for (let i = 0; i < 100; i++) {
    const row = await t.db.apiToken.findUniqueOrThrow({ where: { tokenId } });
    if (row.lastUsedAt) return row.lastUsedAt;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`token ${tokenId}: its use was never recorded`);
}

async function member(role: 'Reader' | 'User' | 'Admin', orgIds: number[]): Promise<TestUser> {
  const user = await createUser(t.db, role, orgIds);
  await signIn(user);
  return user;
}

const cookieOf = (user: TestUser) => cookies.get(user.userId)!;

/** A GET as the user (its session), with If-None-Match when given. */
function read(user: TestUser, path: string, query: Record<string, unknown> = {}, etag?: string) {
  const req = t.http
    .get(`/api/v1${path}`)
    .query(query as Record<string, string>)
    .set('Cookie', cookieOf(user));
  return etag === undefined ? req : req.set('If-None-Match', etag);
}

/** A write as the user (its session; no Origin header, as a same-origin script sends). */
function write(user: TestUser, method: 'post' | 'put' | 'delete', path: string, body: object) {
  return t.http[method](`/api/v1${path}`).set('Cookie', cookieOf(user)).send(body);
}

/** The answer and ETag of a 200, checked to be a conditional read's. */
async function tagged(user: TestUser, path: string, query: Record<string, unknown> = {}) {
  const res = await read(user, path, query).expect(200);
  expect(res.headers.etag).toMatch(/^W\/".+"$/);
  expect(res.headers['cache-control']).toBe('private, no-cache');
  return { etag: res.headers.etag, data: res.body.data };
}

/** The ETag is current: a 304 with no body, tagged the same. */
async function stillCurrent(user: TestUser, path: string, query: Record<string, unknown>, etag: string) {
  const res = await read(user, path, query, etag).expect(304);
  expect(res.text ?? '').toBe('');
  expect(res.headers.etag).toBe(etag);
}

/** The ETag is stale: the answer comes whole with another ETag, which is current. Returns it. */
async function stale(user: TestUser, path: string, query: Record<string, unknown>, etag: string) {
  const res = await read(user, path, query, etag).expect(200);
  expect(res.headers.etag).toMatch(/^W\/".+"$/);
  expect(res.headers.etag).not.toBe(etag);
  await stillCurrent(user, path, query, res.headers.etag);
  return { etag: res.headers.etag, data: res.body.data };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  for (const user of [w.reader, w.user, w.admin, w.adminB]) await signIn(user);
}, 60_000);
afterAll(() => t.close());

describe('GET /orgs', () => {
  it('is a 304 while the caller keeps its organizations; joining one makes it stale and shows it', async () => {
    const joiner = await member('Reader', [w.orgA.orgId]);
    const first = await tagged(joiner, '/orgs');
    expect(first.data.map((o: { orgId: number }) => o.orgId)).toEqual([w.orgA.orgId]);
    await stillCurrent(joiner, '/orgs', {}, first.etag);

    // `casebook user create` adds the membership.
    await createOrUpdateUser(t.db, { email: joiner.email, name: `Reader ${joiner.email}`, role: 'Reader', org: String(w.orgB.orgId) });
    const after = await stale(joiner, '/orgs', {}, first.etag);
    expect(after.data.map((o: { orgId: number }) => o.orgId)).toEqual([w.orgA.orgId, w.orgB.orgId]);

    // Another caller's organizations are another answer: the joiner's ETag is no 304 for them.
    await read(w.adminB, '/orgs', {}, after.etag).expect(200);
    await read(w.reader, '/orgs', {}, after.etag).expect(200);
  });
});

describe('GET /org/detail and GET /projects', () => {
  const org = () => ({ orgId: w.orgA.orgId });
  const page = () => ({ orgId: w.orgA.orgId, page: 1, pageSize: 50 });
  const active = () => ({ orgId: w.orgA.orgId, isActive: true });

  it('is a 304 until a project of the organization is created, edited, deactivated or deleted, and shows each', async () => {
    let detail = await tagged(w.reader, '/org/detail', org());
    let list = await tagged(w.reader, '/projects', page());
    let onlyActive = await tagged(w.reader, '/projects', active());
    await stillCurrent(w.reader, '/org/detail', org(), detail.etag);
    await stillCurrent(w.reader, '/projects', page(), list.etag);
    await stillCurrent(w.reader, '/projects', active(), onlyActive.etag);
    const names = (data: { projects: { projectName: string }[] }) => data.projects.map((p) => p.projectName);

    const created = await write(w.user, 'post', '/project/create', { orgId: w.orgA.orgId, projectName: 'Etag shop' }).expect(201);
    const projectId = created.body.data.projectId as number;
    const count = detail.data.projectCount as number;
    detail = await stale(w.reader, '/org/detail', org(), detail.etag);
    expect(detail.data.projectCount).toBe(count + 1);
    list = await stale(w.reader, '/projects', page(), list.etag);
    expect(names(list.data)).toContain('Etag shop');
    onlyActive = await stale(w.reader, '/projects', active(), onlyActive.etag);

    await write(w.user, 'put', '/project/edit', { projectId, projectDescription: 'Edited' }).expect(200);
    list = await stale(w.reader, '/projects', page(), list.etag);
    expect(list.data.projects.find((p: { projectId: number }) => p.projectId === projectId).projectDescription).toBe('Edited');

    await write(w.user, 'put', '/project/update-status', { projectId, isActive: false }).expect(200);
    onlyActive = await stale(w.reader, '/projects', active(), onlyActive.etag);
    expect(names(onlyActive.data)).not.toContain('Etag shop');
    list = await stale(w.reader, '/projects', page(), list.etag);

    await write(w.admin, 'delete', '/project/delete', { projectId }).expect(200);
    detail = await stale(w.reader, '/org/detail', org(), detail.etag);
    expect(detail.data.projectCount).toBe(count);
    list = await stale(w.reader, '/projects', page(), list.etag);
    expect(names(list.data)).not.toContain('Etag shop');
  });

  it('answers 304 from the counter alone, without building the page', async () => {
    const list = await tagged(w.reader, '/projects', page());
    // Changed around the service (no counter moved): a 304 still comes, so no page was built to compare.
    await t.db.$executeRaw`UPDATE projects SET description = 'behind the API' WHERE id = ${w.projectA.projectId}`;
    await stillCurrent(w.reader, '/projects', page(), list.etag);
    await t.db.$executeRaw`UPDATE projects SET description = NULL WHERE id = ${w.projectA.projectId}`;
  });

  it("stays a 304 through writes its answers do not show: a project's tests, another organization's projects", async () => {
    const detail = await tagged(w.reader, '/org/detail', org());
    const list = await tagged(w.reader, '/projects', page());
    await write(w.user, 'post', '/test/create', { projectId: w.projectA.projectId, title: 'Not in the project list' }).expect(201);
    await write(w.adminB, 'post', '/project/create', { orgId: w.orgB.orgId, projectName: 'Elsewhere' }).expect(201);
    await stillCurrent(w.reader, '/org/detail', org(), detail.etag);
    await stillCurrent(w.reader, '/projects', page(), list.etag);
  });

  it('never answers for another organization, whatever ETag it sends', async () => {
    const detail = await tagged(w.reader, '/org/detail', org());
    const list = await tagged(w.reader, '/projects', page());
    for (const tag of [detail.etag, list.etag, '*']) {
      await read(w.adminB, '/org/detail', org(), tag).expect(404);
      const res = await read(w.adminB, '/projects', page(), tag).expect(404);
      expect(res.body.error).toBe('Organization not found');
    }
  });
});

describe('GET /all-users', () => {
  it('is a 304 until a member comes, changes role or is renamed, and shows each', async () => {
    const orgC = await createOrg(t.db);
    const admin = await member('Admin', [w.orgA.orgId, orgC.orgId]);
    const someone = await createUser(t.db, 'Reader', [w.orgA.orgId, orgC.orgId]);
    const inA = { orgId: w.orgA.orgId, limit: 1000 };
    let list = await tagged(admin, '/all-users', inA);
    let all = await tagged(admin, '/all-users', { limit: 1000 });
    await stillCurrent(admin, '/all-users', inA, list.etag);
    await stillCurrent(admin, '/all-users', { limit: 1000 }, all.etag);
    type Row = { userId: number; name: string; role: string | null; memberships: { orgId: number; role: string }[] };
    const row = (data: { users: Row[] }, userId: number) => data.users.find((u) => u.userId === userId);

    await write(admin, 'put', '/user/update-role', { userId: someone.userId, orgId: w.orgA.orgId, role: 'User' }).expect(200);
    list = await stale(admin, '/all-users', inA, list.etag);
    expect(row(list.data, someone.userId)?.role).toBe('User');
    all = await stale(admin, '/all-users', { limit: 1000 }, all.etag);

    // A role in the other organization: the list of A shows each member's memberships in all of the caller's.
    await write(admin, 'put', '/user/update-role', { userId: someone.userId, orgId: orgC.orgId, role: 'Admin' }).expect(200);
    list = await stale(admin, '/all-users', inA, list.etag);
    expect(row(list.data, someone.userId)?.memberships).toEqual([
      { orgId: w.orgA.orgId, role: 'User' },
      { orgId: orgC.orgId, role: 'Admin' },
    ]);

    // Renamed by `casebook user create` through a membership elsewhere: every list holding the user shows the new name.
    await createOrUpdateUser(t.db, { email: someone.email, name: 'Renamed Someone', role: 'Reader', org: String(w.orgB.orgId) });
    list = await stale(admin, '/all-users', inA, list.etag);
    expect(row(list.data, someone.userId)?.name).toBe('Renamed Someone');

    const total = list.data.total as number;
    await createOrUpdateUser(t.db, {
      email: `newcomer-${Date.now()}@example.test`,
      name: 'Newcomer',
      role: 'Reader',
      org: String(w.orgA.orgId),
    });
    list = await stale(admin, '/all-users', inA, list.etag);
    expect(list.data.total).toBe(total + 1);

    // Another organization's change leaves it current.
    await write(w.adminB, 'post', '/project/create', { orgId: w.orgB.orgId, projectName: 'Elsewhere too' }).expect(201);
    await stillCurrent(admin, '/all-users', inA, list.etag);
  });

  it('differs by caller: another Admin of the organization sees other memberships, so the ETag is no 304 for it', async () => {
    const orgC = await createOrg(t.db);
    const both = await member('Admin', [w.orgA.orgId, orgC.orgId]);
    const inA = { orgId: w.orgA.orgId, limit: 1000 };
    const mine = await tagged(both, '/all-users', inA);
    const theirs = await read(w.admin, '/all-users', inA, mine.etag).expect(200);
    expect(theirs.headers.etag).not.toBe(mine.etag);
    // A Reader is refused first, and another organization's Admin finds no such organization.
    await read(w.reader, '/all-users', inA, mine.etag).expect(403);
    await read(w.adminB, '/all-users', inA, mine.etag).expect(404);
  });
});

describe('GET /user/details', () => {
  it("is a 304 until the user's role, name or memberships change, and shows each", async () => {
    const someone = await member('Reader', [w.orgA.orgId]);
    let mine = await tagged(someone, '/user/details');
    let seen = await tagged(w.admin, '/user/details', { userId: someone.userId });
    await stillCurrent(someone, '/user/details', {}, mine.etag);
    await stillCurrent(w.admin, '/user/details', { userId: someone.userId }, seen.etag);

    await write(w.admin, 'put', '/user/update-role', { userId: someone.userId, role: 'User' }).expect(200);
    mine = await stale(someone, '/user/details', {}, mine.etag);
    expect(mine.data.role).toBe('User');
    seen = await stale(w.admin, '/user/details', { userId: someone.userId }, seen.etag);

    await createOrUpdateUser(t.db, { email: someone.email, name: 'Someone Else', role: 'Reader', org: String(w.orgB.orgId) });
    mine = await stale(someone, '/user/details', {}, mine.etag);
    expect(mine.data).toMatchObject({ name: 'Someone Else', orgIds: [w.orgA.orgId, w.orgB.orgId] });
    seen = await stale(w.admin, '/user/details', { userId: someone.userId }, seen.etag);
    expect(seen.data).toMatchObject({ name: 'Someone Else', orgIds: [w.orgA.orgId] });
  });

  it('names its user: the caller by default is another answer for another caller; an unseen user is 404', async () => {
    const mine = await tagged(w.reader, '/user/details');
    const theirs = await read(w.user, '/user/details', {}, mine.etag).expect(200);
    expect(theirs.body.data.userId).toBe(w.user.userId);
    await read(w.adminB, '/user/details', { userId: w.reader.userId }, mine.etag).expect(404);
    await read(w.adminB, '/user/details', { userId: w.reader.userId }, '*').expect(404);
  });
});

describe('GET /tokens', () => {
  it('is a 304 until a token of the caller is generated, used or revoked, and shows each', async () => {
    let list = await tagged(w.user, '/tokens');
    await stillCurrent(w.user, '/tokens', {}, list.etag);

    const made = await write(w.user, 'post', '/token/generate', { userId: w.user.userId, name: 'etag' }).expect(201);
    const { tokenId, token } = made.body.data as { tokenId: number; token: string };
    list = await stale(w.user, '/tokens', {}, list.etag);
    expect(list.data.find((x: { tokenId: number }) => x.tokenId === tokenId)).toMatchObject({ name: 'etag', lastUsedAt: null });

    await t.as(token).get('/orgs').expect(200);
    const usedAt = await usedRecorded(tokenId);
    list = await stale(w.user, '/tokens', {}, list.etag);
    expect(list.data.find((x: { tokenId: number }) => x.tokenId === tokenId).lastUsedAt).toBe(usedAt.toISOString());

    await write(w.user, 'delete', '/token/delete', { tokenId }).expect(200);
    list = await stale(w.user, '/tokens', {}, list.etag);
    expect(list.data.find((x: { tokenId: number }) => x.tokenId === tokenId).revokedAt).not.toBeNull();

    // Another user's tokens are another answer.
    await read(w.reader, '/tokens', {}, list.etag).expect(200);
  });
});

describe('GET /audit', () => {
  it('is a 304 until an entry is appended to the log, and shows it', async () => {
    const log = () => ({ orgId: w.orgA.orgId, limit: 10 });
    let page = await tagged(w.admin, '/audit', log());
    await stillCurrent(w.admin, '/audit', log(), page.etag);

    await write(w.admin, 'post', '/user/invite', {
      orgId: w.orgA.orgId,
      email: `invitee-${Date.now()}@example.test`,
      role: 'Reader',
    }).expect(201);
    page = await stale(w.admin, '/audit', log(), page.etag);
    expect(page.data.events[0].action).toBe('user.invited');

    // Entries of a project's writes (here a deletion) land in its organization's log.
    const [testId] = await createTests(t.db, w.projectA.projectId, 1, undefined, 'Audited');
    await write(w.admin, 'delete', '/test/delete', { projectId: w.projectA.projectId, testId }).expect(200);
    page = await stale(w.admin, '/audit', log(), page.etag);
    expect(page.data.events[0]).toMatchObject({ action: 'test.deleted', targetId: testId });

    // A write that records nothing leaves it current; another organization's Admin finds no such organization.
    await write(w.user, 'post', '/test/create', { projectId: w.projectA.projectId, title: 'Not audited' }).expect(201);
    await stillCurrent(w.admin, '/audit', log(), page.etag);
    await read(w.adminB, '/audit', log(), page.etag).expect(404);
  });
});

describe('writes moving the same counters at once', () => {
  it('all finish: the rows are locked in one order (runs, projects, users, organizations), so none waits on another in a cycle', async () => {
    const project = await createProject(t.db, w.orgA.orgId);
    const p = project.projectId;
    const testIds = await createTests(t.db, p, 40, undefined, 'Busy');
    const runs = await Promise.all(
      [0, 1, 2, 3].map((i) => write(w.user, 'post', '/run/create', { projectId: p, runName: `Busy ${i}`, testIds: testIds.slice(0, 5) })),
    );
    const runIds = runs.map((r) => r.body.data.runId as number);
    const people = await Promise.all([0, 1, 2].map(() => createUser(t.db, 'Reader', [w.orgA.orgId, w.orgB.orgId])));
    for (let round = 0; round < 4; round++) {
      const writes = [
        write(w.user, 'put', '/project/edit', { projectId: p, projectDescription: `round ${round}` }),
        write(w.admin, 'delete', '/test/delete', { projectId: p, testId: testIds[10 + round] }),
        write(w.admin, 'put', '/run/lock', { runId: runIds[round], projectId: p }),
        write(w.user, 'put', '/run/reset', { runId: runIds[(round + 1) % 4], projectId: p }),
        write(w.admin, 'put', '/user/update-role', {
          userId: people[round % 3].userId,
          orgId: w.orgA.orgId,
          role: round % 2 ? 'User' : 'Reader',
        }),
        write(w.admin, 'post', '/token/generate', { userId: w.admin.userId, name: `busy ${round}` }),
        write(w.user, 'put', '/project/update-status', { projectId: w.projectA.projectId, isActive: true }),
        write(w.adminB, 'post', '/token/generate', { userId: w.adminB.userId, name: `busy ${round}` }),
      ];
      const statuses = (await Promise.all(writes)).map((res) => res.status);
      // A deadlock would be a 500; a run locked by an earlier round refuses its reset (423).
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
    }
  });
});

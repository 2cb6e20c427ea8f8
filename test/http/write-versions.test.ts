import crypto from 'node:crypto';
import supertest from 'supertest';
import { z } from 'zod';
import { buildApp } from '../../src/app';
import { createSession } from '../../src/auth/sessions';
import type { ChangeKind } from '../../src/core/changes';
import { openDatabase, type Database } from '../../src/db/client';
import { auditVersion } from '../../src/domain/audit/audit-version';
import { orgsVersion, orgVersion } from '../../src/domain/orgs/org-version';
import { projectDetailVersion, projectVersion } from '../../src/domain/projects/project-version';
import { apiRoutes } from '../../src/domain/routes';
import { runTestHistoryVersionRead } from '../../src/domain/runs/run-history-version';
import { runVersion } from '../../src/domain/runs/run-version';
import { runTestsVersion } from '../../src/domain/runs/run-tests-version';
import { testHistoryVersion } from '../../src/domain/test-cases/history.service';
import { testVersion } from '../../src/domain/test-cases/test-version';
import { testVersionsVersion } from '../../src/domain/test-cases/versions.service';
import { tokensVersion } from '../../src/domain/tokens/token-version';
import { issueToken } from '../../src/domain/tokens/tokens.service';
import { allUsersVersion, userDetailsVersion } from '../../src/domain/users/user-version';
import { createLogger } from '../../src/logger';
import { createTestApp, type TestApp } from '../support/app';
import { createProject, createUser, createWorld, type TestUser, type World } from '../support/factories';
import { createSection, createTests } from '../support/catalog-factories';
import { suite } from '../support/junit-import';

// Every write route of the route table, on its happy path, moves the versions of
// what it declares it changes (RouteSpec changes, src/core/changes.ts), and no other:
// each versioned GET of the route table that shows it answers a stale ETag with the
// new page, and a kept answer (RouteSpec caching.answerCache) is not sent again: what
// comes is what an app keeping no answers builds. A GET that shows nothing it changed
// still answers 304. A new write route fails here until it has a happy path below.
//
// Everyone calls with a browser session: an API token's first use in a while records
// when it was used, which moves its owner's counter off the request path and would
// race the reads.

let t: TestApp;
let w: World;
let P: number;
let A: number;
let ids: number[];
/** A run of project A holding the witness test, with a result: what run and history reads show. */
let witness: { runId: number; testId: number };
/** A milestone of project A: what milestone reads show. */
let milestoneId: number;
/** A plan of project A: what plan reads show. */
let planId: number;
/** A member whose role the role change lowers. */
let member: TestUser;
/** The same database served by an app that keeps no answers: what a fresh answer is. */
let fresh: { http: ReturnType<typeof supertest>; database: Database };
const cookies = new Map<number, string>();

const unique = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString('hex')}`;
const label = (r: (typeof apiRoutes)[number]) => `${r.method.toUpperCase()} ${r.path}`;

async function signIn(user: TestUser) {
  const session = await createSession(t.db, user.userId, 60 * 60_000);
  cookies.set(user.userId, `user_session=${session.secret}`);
}

function call(user: TestUser, method: 'get' | 'post' | 'put' | 'delete', path: string, query: object = {}) {
  return t.http[method](`/api/v1${path}`)
    .query(query as Record<string, string>)
    .set('Cookie', cookies.get(user.userId)!);
}

async function newRun(testIds: number[]): Promise<number> {
  const res = await call(w.user, 'post', '/run/create')
    .send({ projectId: P, runName: unique('run'), testIds })
    .expect(201);
  return res.body.data.runId;
}

async function newPlan(): Promise<number> {
  const res = await call(w.user, 'post', '/plan/create')
    .send({ projectId: P, name: unique('plan'), entries: [{ testIds: await createTests(t.db, P, 1) }] })
    .expect(201);
  return res.body.data.planId;
}

async function newMilestone(): Promise<number> {
  const res = await call(w.user, 'post', '/milestone/create')
    .send({ projectId: P, name: unique('milestone') })
    .expect(201);
  return res.body.data.milestoneId;
}

async function newConfigurationGroup(): Promise<number> {
  const res = await call(w.user, 'post', '/project/add-configuration-group')
    .send({ projectId: P, name: unique('group'), options: ['Chrome', 'Firefox'] })
    .expect(201);
  return res.body.data.groupId;
}

async function newWebhook(): Promise<number> {
  const res = await call(w.admin, 'post', '/webhook/create')
    .send({ orgId: A, url: 'https://203.0.113.10/casebook', events: ['run.completed'] })
    .expect(201);
  return res.body.data.webhookId;
}

/** A delivery as the queue's worker records one (no worker runs here: this is not what is tested). */
async function newDelivery(): Promise<number> {
  const webhookId = await newWebhook();
  const sent = await call(w.admin, 'post', '/webhook/test').send({ webhookId }).expect(200);
  const d = await t.db.webhookDelivery.create({
    data: { webhookId, eventId: sent.body.data.eventId, jobId: crypto.randomUUID(), attempt: 1, statusCode: 500, requestBody: '{}' },
  });
  return d.deliveryId;
}

/** One write on its happy path: who sends it, its input, and the records of each counter it changes. */
interface HappyPath {
  as: TestUser;
  query?: Record<string, unknown>;
  body?: object;
  /** A raw body: a JUnit report. */
  xml?: string;
  /** A raw body: a CSV file. */
  csv?: string;
  /** A multipart body: one file. */
  file?: { name: string; content: string };
  changes: Partial<{ project: number; org: number; user: TestUser; audit: number }>;
}

const happyPaths: Record<string, () => Promise<HappyPath>> = {
  'POST /token/generate': async () => ({ as: w.admin, body: { userId: w.user.userId, name: 'ci' }, changes: { user: w.user, audit: A } }),
  'DELETE /token/delete': async () => {
    const { tokenId } = await issueToken(t.db, w.user.userId, 'old');
    return { as: w.admin, body: { tokenId }, changes: { user: w.user, audit: A } };
  },
  'PUT /user/update-role': async () => ({
    as: w.admin,
    body: { userId: member.userId, role: 'Reader' },
    changes: { user: member, org: A, audit: A },
  }),
  'POST /user/invite': async () => ({
    as: w.admin,
    body: { orgId: A, email: `${unique('invited')}@example.test`, role: 'User' },
    changes: { audit: A },
  }),
  'DELETE /invitation/revoke': async () => {
    const invited = await call(w.admin, 'post', '/user/invite')
      .send({ orgId: A, email: `${unique('revoked')}@example.test`, role: 'User' })
      .expect(201);
    return { as: w.admin, body: { invitationId: invited.body.data.invitationId }, changes: { audit: A } };
  },
  // A is the installation's first organization: its Admins create organizations, and its log records them.
  'POST /org/create': async () => ({ as: w.admin, body: { orgName: unique('org') }, changes: { user: w.admin, org: A, audit: A } }),
  'POST /project/create': async () => ({ as: w.user, body: { orgId: A, projectName: unique('project') }, changes: { org: A } }),
  'PUT /project/edit': async () => ({
    as: w.user,
    body: { projectId: P, projectDescription: unique('about') },
    changes: { project: P, org: A },
  }),
  'PUT /project/update-status': async () => ({ as: w.user, body: { projectId: P, isActive: true }, changes: { project: P, org: A } }),
  'DELETE /project/delete': async () => {
    const doomed = await createProject(t.db, A);
    return { as: w.admin, body: { projectId: doomed.projectId }, changes: { org: A, audit: A } };
  },
  'POST /test/create': async () => ({ as: w.user, body: { projectId: P, title: 'Created' }, changes: { project: P } }),
  // Without projectId: the project is the test's.
  'PUT /test/update': async () => ({ as: w.user, body: { testId: ids[2], title: 'Updated' }, changes: { project: P } }),
  'DELETE /test/delete': async () => ({ as: w.admin, body: { projectId: P, testId: ids[3] }, changes: { project: P, audit: A } }),
  'POST /test/bulk-add': async () => ({ as: w.user, body: { projectId: P, tests: [{ title: 'Bulk' }] }, changes: { project: P } }),
  'PUT /test/bulk-update': async () => ({ as: w.user, body: { tests: [{ testId: ids[4], steps: 'Open' }] }, changes: { project: P } }),
  'PUT /test/restore-version': async () => {
    await call(w.user, 'put', '/test/update').send({ testId: ids[9], title: 'Changed to restore' }).expect(200);
    return { as: w.user, body: { projectId: P, testId: ids[9], version: 1 }, changes: { project: P } };
  },
  'DELETE /test/bulk-delete': async () => ({ as: w.admin, body: { projectId: P, testIds: [ids[5]] }, changes: { project: P, audit: A } }),
  'POST /project/add-section': async () => ({
    as: w.user,
    body: { projectId: P, sectionName: unique('section') },
    changes: { project: P },
  }),
  'PUT /project/edit-section': async () => {
    const section = await createSection(t.db, P, unique('section'));
    return { as: w.user, body: { sectionId: section.sectionId, sectionName: unique('renamed') }, changes: { project: P } };
  },
  'DELETE /project/delete-section': async () => {
    const section = await createSection(t.db, P, unique('section'));
    return { as: w.admin, body: { sectionId: section.sectionId }, changes: { project: P, audit: A } };
  },
  'POST /project/add-labels': async () => ({ as: w.user, body: { projectId: P, labels: [unique('label')] }, changes: { project: P } }),
  'POST /project/add-squads': async () => ({ as: w.user, body: { projectId: P, squads: [unique('squad')] }, changes: { project: P } }),
  'PUT /project/edit-label': async () => {
    const name = unique('old');
    const label = await t.db.label.create({ data: { projectId: P, labelName: name, nameKey: name } });
    return { as: w.user, body: { labelId: label.labelId, labelName: unique('label') }, changes: { project: P } };
  },
  'DELETE /project/delete-label': async () => {
    const name = unique('old');
    const label = await t.db.label.create({ data: { projectId: P, labelName: name, nameKey: name } });
    return { as: w.admin, body: { labelId: label.labelId }, changes: { project: P, audit: A } };
  },
  'POST /project/add-shared-steps': async () => ({
    as: w.user,
    body: { projectId: P, name: unique('shared'), steps: [{ action: 'Open' }] },
    changes: { project: P },
  }),
  'PUT /project/edit-shared-steps': async () => {
    const shared = await t.db.sharedSteps.create({ data: { projectId: P, name: unique('shared'), steps: [{ action: 'Open' }] } });
    return { as: w.user, body: { sharedStepsId: shared.sharedStepsId, steps: [{ action: 'Open again' }] }, changes: { project: P } };
  },
  'DELETE /project/delete-shared-steps': async () => {
    const shared = await t.db.sharedSteps.create({ data: { projectId: P, name: unique('shared'), steps: [{ action: 'Open' }] } });
    return { as: w.admin, body: { sharedStepsId: shared.sharedStepsId }, changes: { project: P, audit: A } };
  },
  'PUT /project/edit-squad': async () => {
    const name = unique('old');
    const squad = await t.db.squad.create({ data: { projectId: P, squadName: name, nameKey: name } });
    return { as: w.user, body: { squadId: squad.squadId, squadName: unique('squad') }, changes: { project: P } };
  },
  'DELETE /project/delete-squad': async () => {
    const name = unique('old');
    const squad = await t.db.squad.create({ data: { projectId: P, squadName: name, nameKey: name } });
    return { as: w.admin, body: { squadId: squad.squadId }, changes: { project: P, audit: A } };
  },
  'POST /project/add-lookup': async () => ({
    as: w.user,
    body: { projectId: P, kind: 'type', name: unique('type') },
    changes: { project: P },
  }),
  'PUT /project/edit-lookup': async () => {
    const entry = await t.db.lookupEntry.create({ data: { projectId: P, kind: 'platform', name: unique('platform') } });
    return { as: w.user, body: { lookupId: entry.id, name: unique('renamed') }, changes: { project: P } };
  },
  'DELETE /project/delete-lookup': async () => {
    const entry = await t.db.lookupEntry.create({ data: { projectId: P, kind: 'platform', name: unique('platform') } });
    return { as: w.admin, body: { lookupId: entry.id }, changes: { project: P, audit: A } };
  },
  'POST /project/add-custom-field': async () => ({
    as: w.user,
    body: { projectId: P, name: unique('Field'), type: 'text', appliesTo: 'test' },
    changes: { project: P },
  }),
  'PUT /project/edit-custom-field': async () => {
    const field = await t.db.customField.create({
      data: { projectId: P, fieldKey: unique('f').replace('-', '_'), fieldName: 'F', type: 'text', appliesTo: 'test' },
    });
    return { as: w.user, body: { projectId: P, fieldId: field.fieldId, name: unique('renamed') }, changes: { project: P } };
  },
  'DELETE /project/delete-custom-field': async () => {
    const field = await t.db.customField.create({
      data: { projectId: P, fieldKey: unique('f').replace('-', '_'), fieldName: 'F', type: 'text', appliesTo: 'test' },
    });
    return { as: w.admin, body: { projectId: P, fieldId: field.fieldId }, changes: { project: P, audit: A } };
  },
  'POST /run/create': async () => ({ as: w.user, body: { projectId: P, runName: 'Created', testIds: [ids[6]] }, changes: { project: P } }),
  'PUT /run/edit': async () => ({
    as: w.user,
    body: { runId: await newRun([ids[6]]), projectId: P, runName: 'Edited' },
    changes: { project: P },
  }),
  'DELETE /run/delete': async () => ({
    as: w.admin,
    body: { runId: await newRun([ids[6]]), projectId: P },
    changes: { project: P, audit: A },
  }),
  'PUT /run/update-test-status': async () => ({
    as: w.user,
    body: { runId: await newRun([ids[6]]), projectId: P, testResults: [{ testId: ids[6], status: 'failed' }] },
    changes: { project: P },
  }),
  'PUT /run/lock': async () => ({ as: w.user, body: { runId: await newRun([ids[6]]), projectId: P }, changes: { project: P, audit: A } }),
  'PUT /run/unlock': async () => {
    const runId = await newRun([ids[6]]);
    await call(w.user, 'put', '/run/lock').send({ runId, projectId: P }).expect(200);
    return { as: w.admin, body: { runId, projectId: P }, changes: { project: P, audit: A } };
  },
  'PUT /run/reset': async () => ({ as: w.user, body: { runId: await newRun([ids[6]]), projectId: P }, changes: { project: P, audit: A } }),
  'PUT /run/add-tests': async () => ({
    as: w.user,
    body: { runId: await newRun([ids[6]]), projectId: P, testIds: [ids[7]] },
    changes: { project: P },
  }),
  'PUT /run/assign': async () => ({
    as: w.user,
    body: { runId: await newRun([ids[6], ids[7]]), projectId: P, testIds: [ids[7]], assigneeId: w.user.userId },
    changes: { project: P },
  }),
  'PUT /run/remove-tests': async () => ({
    as: w.user,
    body: { runId: await newRun([ids[6], ids[7]]), projectId: P, testIds: [ids[7]] },
    changes: { project: P },
  }),
  'POST /run/import-junit': async () => ({
    as: w.user,
    query: { projectId: P, runName: 'Imported' },
    xml: suite(
      'checkout',
      `<testcase classname="c" name="n"><properties><property name="casebook_id" value="${ids[8]}"/></properties></testcase>`,
    ),
    changes: { project: P },
  }),
  'POST /test/import-csv': async () => ({
    as: w.user,
    query: { projectId: P },
    csv: 'title,section\nImported from CSV,From CSV\n',
    changes: { project: P },
  }),
  'POST /attachment/upload': async () => ({
    as: w.user,
    query: { projectId: P, testId: witness.testId, runId: witness.runId },
    file: { name: 'log.txt', content: 'passed' },
    changes: { project: P },
  }),
  'POST /milestone/create': async () => ({ as: w.user, body: { projectId: P, name: unique('milestone') }, changes: { project: P } }),
  'PUT /milestone/edit': async () => ({
    as: w.user,
    body: { projectId: P, milestoneId: await newMilestone(), dueDate: '2026-12-24' },
    changes: { project: P },
  }),
  'PUT /milestone/complete': async () => ({
    as: w.user,
    body: { projectId: P, milestoneId: await newMilestone() },
    changes: { project: P },
  }),
  'PUT /milestone/reopen': async () => {
    const id = await newMilestone();
    await call(w.user, 'put', '/milestone/complete').send({ projectId: P, milestoneId: id }).expect(200);
    return { as: w.user, body: { projectId: P, milestoneId: id }, changes: { project: P } };
  },
  'DELETE /milestone/delete': async () => ({
    as: w.admin,
    body: { projectId: P, milestoneId: await newMilestone() },
    changes: { project: P, audit: A },
  }),
  'POST /plan/create': async () => ({
    as: w.user,
    body: { projectId: P, name: unique('plan'), entries: [{ testIds: await createTests(t.db, P, 1) }] },
    changes: { project: P },
  }),
  'PUT /plan/add-entry': async () => ({
    as: w.user,
    body: { projectId: P, planId: await newPlan(), testIds: await createTests(t.db, P, 1) },
    changes: { project: P },
  }),
  'PUT /plan/edit': async () => ({
    as: w.user,
    body: { projectId: P, planId: await newPlan(), name: unique('plan') },
    changes: { project: P },
  }),
  'PUT /plan/lock': async () => ({ as: w.user, body: { projectId: P, planId: await newPlan() }, changes: { project: P, audit: A } }),
  'PUT /plan/unlock': async () => {
    const planId = await newPlan();
    await call(w.user, 'put', '/plan/lock').send({ projectId: P, planId }).expect(200);
    return { as: w.admin, body: { projectId: P, planId }, changes: { project: P, audit: A } };
  },
  'DELETE /plan/delete': async () => ({ as: w.admin, body: { projectId: P, planId: await newPlan() }, changes: { project: P, audit: A } }),
  'POST /project/add-configuration-group': async () => ({
    as: w.user,
    body: { projectId: P, name: unique('group'), options: ['Linux', 'Windows'] },
    changes: { project: P },
  }),
  'PUT /project/edit-configuration-group': async () => ({
    as: w.user,
    body: { projectId: P, groupId: await newConfigurationGroup(), options: [{ name: 'Safari' }] },
    changes: { project: P },
  }),
  'DELETE /project/delete-configuration-group': async () => ({
    as: w.admin,
    body: { projectId: P, groupId: await newConfigurationGroup() },
    changes: { project: P, audit: A },
  }),
  'POST /webhook/create': async () => ({
    as: w.admin,
    body: { orgId: A, url: 'https://203.0.113.10/casebook', events: ['run.completed'] },
    changes: { audit: A },
  }),
  'PUT /webhook/edit': async () => ({
    as: w.admin,
    body: { webhookId: await newWebhook(), events: ['run.locked'] },
    changes: { audit: A },
  }),
  'PUT /webhook/rotate-secret': async () => ({ as: w.admin, body: { webhookId: await newWebhook() }, changes: { audit: A } }),
  'DELETE /webhook/delete': async () => ({ as: w.admin, body: { webhookId: await newWebhook() }, changes: { audit: A } }),
  'POST /webhook/test': async () => ({ as: w.admin, body: { webhookId: await newWebhook() }, changes: {} }),
  'POST /webhook/redeliver': async () => ({ as: w.admin, body: { deliveryId: await newDelivery() }, changes: {} }),
  'DELETE /attachment/delete': async () => {
    const added = await call(w.user, 'post', '/attachment/upload')
      .query({ projectId: P, testId: witness.testId })
      .attach('file', Buffer.from('old'), 'old.txt')
      .expect(201);
    return { as: w.user, query: { projectId: P, attachmentId: added.body.data[0].attachmentId }, changes: { project: P } };
  },
};

/** The counters each versioned GET's version is made of, the one naming its records first. */
const follows = new Map<unknown, ChangeKind[]>([
  [projectVersion, ['project']],
  // One record's read: its project's counter, with the record's stamp (src/core/record-stamp.ts).
  [projectDetailVersion, ['project']],
  [testVersion, ['project']],
  [runVersion, ['project']],
  [runTestsVersion, ['project']],
  [runTestHistoryVersionRead, ['project', 'user']],
  [testHistoryVersion, ['project', 'user']],
  [testVersionsVersion, ['project', 'user']],
  [orgVersion, ['org']],
  [orgsVersion, ['org']],
  [allUsersVersion, ['org']],
  [userDetailsVersion, ['user']],
  [tokensVersion, ['user']],
  [auditVersion, ['audit']],
]);
const versioned = apiRoutes.filter((r) => r.method === 'get' && r.caching);

function queryKeys(route: (typeof apiRoutes)[number]): string[] {
  let query: unknown = route.query;
  while (query instanceof z.ZodPipe) query = query.in;
  return query instanceof z.ZodObject ? Object.keys(query.shape) : [];
}

/** A versioned GET of the records `happy` changes (or of the usual ones, for a counter it leaves alone). */
interface Watched {
  name: string;
  path: string;
  query: Record<string, number>;
  caller: TestUser;
  kept: boolean;
  /** Its version must move; undefined: a counter it follows besides its first may or may not (a history's users). */
  moves?: boolean;
}

function watchList(happy: HappyPath): Watched[] {
  const declared = new Set(Object.keys(happy.changes));
  const user = happy.changes.user ?? w.reader;
  return versioned.map((route) => {
    const kinds = follows.get(route.caching!.etag)!;
    const ids: Record<string, number> = {
      projectId: happy.changes.project ?? P,
      runId: witness.runId,
      testId: witness.testId,
      milestoneId,
      planId,
      orgId: happy.changes.org ?? happy.changes.audit ?? A,
      userId: user.userId,
      // The witness's first version (beforeAll changes it once).
      version: 1,
    };
    const keys = queryKeys(route);
    // A user read names its user (GET /user/details) or is the caller's own (GET /tokens).
    const caller = kinds[0] === 'user' && !keys.includes('userId') ? user : w.admin;
    const moves = declared.has(kinds[0]) ? true : kinds.some((k) => declared.has(k)) ? undefined : false;
    return {
      name: label(route),
      path: route.path,
      query: Object.fromEntries(keys.filter((k) => k in ids).map((k) => [k, ids[k]])),
      caller,
      kept: Boolean(route.caching!.answerCache),
      moves,
    };
  });
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  P = w.projectA.projectId;
  A = w.orgA.orgId;
  member = await createUser(t.db, 'User', [A]);
  for (const user of [w.reader, w.user, w.admin, member]) await signIn(user);
  ids = await createTests(t.db, P, 10);
  const runId = await newRun([ids[0], ids[1]]);
  await call(w.user, 'put', '/run/update-test-status')
    .send({ runId, projectId: P, testResults: [{ testId: ids[0], status: 'passed' }] })
    .expect(200);
  witness = { runId, testId: ids[0] };
  milestoneId = await newMilestone();
  planId = await newPlan();
  // A change, so the witness has versions to read (GET /test/version).
  await call(w.user, 'put', '/test/update').send({ testId: ids[0], title: 'Witness' }).expect(200);
  const database = await openDatabase(t.config);
  const app = await buildApp({ config: { ...t.config, answerCacheBytes: 0 }, database, blobs: t.blobs, logger: createLogger('silent') });
  fresh = { http: supertest(app), database };
});
afterAll(async () => {
  await fresh?.database.close();
  await t?.close();
});

const writes = apiRoutes.filter((r) => r.method !== 'get');

it('classifies every versioned GET by the counters its version follows', () => {
  expect(versioned.length).toBeGreaterThan(20);
  expect(versioned.filter((r) => !follows.has(r.caching!.etag)).map(label)).toEqual([]);
});

it('has a happy path for every write route of the table', () => {
  expect(Object.keys(happyPaths).sort()).toEqual(writes.map(label).sort());
});

it.each(writes.map((r) => [label(r), r] as const))('%s moves the versions of what it changes, and of nothing else', async (name, route) => {
  const happy = await happyPaths[name]();
  const { nothing: _nothing, ...declared } = (route.changes ?? {}) as Record<string, unknown>;
  expect(Object.keys(happy.changes).sort()).toEqual(Object.keys(declared).sort());

  const watched = watchList(happy);
  const before = new Map<Watched, string>();
  await Promise.all(
    watched.map(async (read) => {
      const res = await call(read.caller, 'get', read.path, read.query);
      expect({ read: read.name, status: res.status }).toEqual({ read: read.name, status: 200 });
      expect(res.headers.etag).toMatch(/^W\/".+"$/);
      before.set(read, res.headers.etag);
      // Asked again, a kept answer is sent from the cache: the write must make it unused.
      if (read.kept) await call(read.caller, 'get', read.path, read.query).expect(200);
    }),
  );

  const req = call(happy.as, route.method, route.path, happy.query);
  const sent = happy.file
    ? req.attach('file', Buffer.from(happy.file.content), happy.file.name)
    : happy.csv !== undefined
      ? req.set('Content-Type', 'text/csv').send(Buffer.from(happy.csv))
      : happy.xml === undefined
        ? req.send(happy.body ?? {})
        : req.set('Content-Type', 'application/xml').send(Buffer.from(happy.xml));
  const res = await sent;
  expect({ status: res.status, error: res.body.error }).toEqual({ status: route.successStatus ?? 200, error: undefined });

  await Promise.all(
    watched.map(async (read) => {
      if (read.moves === undefined) return;
      const etag = before.get(read)!;
      const after = await call(read.caller, 'get', read.path, read.query).set('If-None-Match', etag);
      if (!read.moves) {
        expect({ read: read.name, status: after.status }).toEqual({ read: read.name, status: 304 });
        return;
      }
      expect({ read: read.name, status: after.status }).toEqual({ read: read.name, status: 200 });
      expect(after.headers.etag).not.toBe(etag);
      if (!read.kept) return;
      // What came is the answer as it is now, not one kept from before the write.
      const now = await fresh.http.get(`/api/v1${read.path}`).query(read.query).set('Cookie', cookies.get(read.caller.userId)!).expect(200);
      expect({ read: read.name, etag: after.headers.etag, body: after.body }).toEqual({
        read: read.name,
        etag: now.headers.etag,
        body: now.body,
      });
    }),
  );
});

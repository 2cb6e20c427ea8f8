import { Webhook } from 'standardwebhooks';
import type { RequestContext } from '../../src/core/context';
import { emitEvent } from '../../src/domain/webhooks/emit';
import { pruneWebhookHistory } from '../../src/domain/webhooks/prune';
import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { startReceiver, type Receiver } from './receiver';
import { startWorker, until, type Worker } from './support';

// emitEvent, the outbox: called inside a write's transaction, it records the event and its
// delivery jobs in that transaction, for the active webhooks that want it, and nothing else.
let t: TestApp;
let w: World;
let receiver: Receiver;
let worker: Worker;
let ctx: RequestContext;
let projectX: number;
let projectY: number;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_BASE_MS: '200', JOB_POLL_INTERVAL_MS: '500' });
  w = await createWorld(t.db);
  receiver = await startReceiver();
  worker = await startWorker(t.config);
  projectX = (await createProject(t.db, w.orgA.orgId)).projectId;
  projectY = (await createProject(t.db, w.orgA.orgId)).projectId;
  // What emitEvent reads of the caller: who it is, and the database.
  ctx = { userId: w.user.userId, db: t.db } as RequestContext;
});
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await t?.close();
});

const hook = async (fields: Record<string, unknown>) =>
  (
    await t
      .as(w.admin.token)
      .post('/webhook/create', { orgId: w.orgA.orgId, url: receiver.url, events: ['results.updated'], ...fields })
      .expect(201)
  ).body.data as { webhookId: number; secret: string };
const emit = (projectId: number | null, data: Record<string, unknown> = {}) =>
  t.db.$transaction((tx) => emitEvent(tx, ctx, { type: 'results.updated', orgId: w.orgA.orgId, projectId, data }));
const events = () => t.db.webhookEvent.count();
const jobs = async () =>
  (await t.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhook-delivery'`)[0].n;

test('with no webhook wanting the event, nothing is recorded', async () => {
  await hook({ events: ['run.locked'] }); // another event type
  await hook({ active: false }); // turned off
  await hook({ projectId: projectY }); // another project
  await emit(projectX);
  await t.db.$transaction((tx) =>
    emitEvent(tx, { ...ctx }, { type: 'results.updated', orgId: w.orgB.orgId, projectId: w.projectB.projectId, data: {} }),
  );
  expect(await events()).toBe(0);
  expect(await jobs()).toBe(0);
});

test('a rolled-back write leaves no event and no job; a committed one is delivered, signed, to each webhook wanting it', async () => {
  const forProject = await hook({ projectId: projectX });
  const forOrg = await hook({});
  await expect(
    t.db.$transaction(async (tx) => {
      await emitEvent(tx, ctx, { type: 'results.updated', orgId: w.orgA.orgId, projectId: projectX, data: { n: 0 } });
      throw new Error('the write fails');
    }),
  ).rejects.toThrow('the write fails');
  expect(await events()).toBe(0);
  expect(await jobs()).toBe(0);

  await emit(projectX, { results: [{ testId: 1, status: 'passed' }] });
  await receiver.waitFor(2);
  expect(await events()).toBe(1);
  const bySecret = [forProject, forOrg].map((h) =>
    receiver.received.filter((r) => {
      try {
        new Webhook(h.secret).verify(r.body, r.headers as Record<string, string>);
        return true;
      } catch {
        return false;
      }
    }),
  );
  expect(bySecret.map((r) => r.length)).toEqual([1, 1]);
  const payload = JSON.parse(receiver.received[0].body);
  expect(payload).toMatchObject({
    type: 'results.updated',
    orgId: w.orgA.orgId,
    projectId: projectX,
    actor: { id: w.user.userId, email: w.user.email },
    data: { results: [{ testId: 1, status: 'passed' }] },
  });
  expect(new Date(payload.createdAt).toISOString()).toBe(payload.createdAt);
  // Each job ran once: two deliveries recorded, none pending.
  await until(async () => (await t.db.webhookDelivery.count()) === 2);
});

test('events older than 30 days go, with their deliveries; newer ones stay', async () => {
  const old = await t.db.webhookEvent.findFirstOrThrow({ include: { deliveries: true } });
  expect(old.deliveries.length).toBeGreaterThan(0);
  await t.db.webhookEvent.update({ where: { eventId: old.eventId }, data: { createdAt: new Date(Date.now() - 31 * 24 * 3600_000) } });
  await emit(projectX); // a new one
  const before = await events();
  expect(await pruneWebhookHistory(t.db)).toBe(1);
  expect(await events()).toBe(before - 1);
  expect(await t.db.webhookDelivery.count({ where: { eventId: old.eventId } })).toBe(0);
  expect(await pruneWebhookHistory(t.db)).toBe(0);
});

import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { untilDeliveriesSettled } from '../support/job-queue';
import { startReceiver, type Receiver } from './receiver';
import { startWorker, until, type Worker } from './support';

// Deliveries end to end: the real app and PostgreSQL, the queue's workers as the server starts
// them, and a real HTTP receiver. Retries are 200 ms apart at first (WEBHOOK_RETRY_BASE_MS).
let t: TestApp;
let w: World;
let receiver: Receiver;
let worker: Worker;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_BASE_MS: '200', JOB_POLL_INTERVAL_MS: '500' });
  w = await createWorld(t.db);
  receiver = await startReceiver();
  worker = await startWorker(t.config);
});
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await t?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer(200);
});

async function createHook(fields: Record<string, unknown> = {}) {
  const res = await t
    .as(w.admin.token)
    .post('/webhook/create', { orgId: w.orgA.orgId, url: receiver.url, events: ['run.completed'], ...fields })
    .expect(201);
  return res.body.data as { webhookId: number; secret: string };
}

const deliveries = async (webhookId: number) =>
  (await t.as(w.admin.token).get('/webhook/deliveries', { webhookId }).expect(200)).body.data.deliveries as {
    deliveryId: number;
    eventId: string;
    eventType: string;
    attempt: number;
    statusCode: number | null;
    error: string | null;
    nextAttemptAt: string | null;
    requestBody: string;
    responseBody: string | null;
    durationMs: number | null;
  }[];

test('a ping is delivered signed: the standardwebhooks library verifies it with the secret shown at creation', async () => {
  const hook = await createHook();
  expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  const sent = await t.as(w.admin.token).post('/webhook/test', { webhookId: hook.webhookId }).expect(200);
  await receiver.waitFor(1);
  const [got] = receiver.received;
  const payload = new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>) as Record<string, unknown>;
  expect(payload).toMatchObject({ id: sent.body.data.eventId, type: 'ping', orgId: w.orgA.orgId, projectId: null });
  expect(payload.actor).toMatchObject({ id: w.admin.userId });
  expect(got.headers['webhook-id']).toBe(sent.body.data.eventId);
  // Another secret does not verify it.
  expect(() =>
    new Webhook(`whsec_${Buffer.from('x'.repeat(24)).toString('base64')}`).verify(got.body, got.headers as Record<string, string>),
  ).toThrow();
  await until(async () => (await deliveries(hook.webhookId)).length === 1);
  const [d] = await deliveries(hook.webhookId);
  expect(d).toMatchObject({ eventType: 'ping', attempt: 1, statusCode: 200, error: null, nextAttemptAt: null, responseBody: 'answer 200' });
  expect(JSON.parse(d.requestBody)).toEqual(payload);
  // The list of webhooks never shows the secret.
  const list = await t.as(w.admin.token).get('/webhooks', { orgId: w.orgA.orgId }).expect(200);
  expect(list.body.data.webhooks.find((h: { webhookId: number }) => h.webhookId === hook.webhookId)).not.toHaveProperty('secret');
});

test('429 and 5xx are retried with the same webhook-id until the receiver takes it; each attempt is recorded', async () => {
  const hook = await createHook();
  receiver.answer(429, 503, 200);
  await t.as(w.admin.token).post('/webhook/test', { webhookId: hook.webhookId }).expect(200);
  await receiver.waitFor(3);
  expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
  await until(async () => (await deliveries(hook.webhookId)).length === 3);
  const list = await deliveries(hook.webhookId);
  expect(list.map((d) => [d.attempt, d.statusCode])).toEqual([
    [3, 200],
    [2, 503],
    [1, 429],
  ]);
  expect(list[1].nextAttemptAt).not.toBeNull();
  expect(list[0].nextAttemptAt).toBeNull();
  // The webhook is no longer failing.
  const row = await t.db.webhook.findUniqueOrThrow({ where: { webhookId: hook.webhookId } });
  expect(row.failingSince).toBeNull();
});

test('a 4xx other than 429 is not retried', async () => {
  const hook = await createHook();
  receiver.answer(400, 200);
  await t.as(w.admin.token).post('/webhook/test', { webhookId: hook.webhookId }).expect(200);
  await until(async () => (await deliveries(hook.webhookId)).length === 1);
  const [d] = await deliveries(hook.webhookId);
  expect(d).toMatchObject({ attempt: 1, statusCode: 400, nextAttemptAt: null });
  // No job is left to try it again.
  const pending = await t.db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhook-delivery' AND state IN ('created', 'retry', 'active') AND data->>'webhookId' = ${String(hook.webhookId)}`;
  expect(pending[0].n).toBe(0);
  expect(receiver.received).toHaveLength(1);
});

test('a restart while a retry is pending loses nothing: the next instance delivers it', async () => {
  const hook = await createHook();
  receiver.answer(503, 200);
  await t.as(w.admin.token).post('/webhook/test', { webhookId: hook.webhookId }).expect(200);
  await until(async () => (await deliveries(hook.webhookId)).length === 1);
  await worker.stop(); // the pending retry is a job in PostgreSQL, not in this process
  const [first] = await deliveries(hook.webhookId);
  expect(first.nextAttemptAt).not.toBeNull();
  await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(first.nextAttemptAt!) - Date.now()) + 300));
  expect(receiver.received).toHaveLength(1); // nobody delivered it meanwhile
  worker = await startWorker(t.config);
  await receiver.waitFor(2);
  await until(async () => (await deliveries(hook.webhookId)).length === 2);
  expect((await deliveries(hook.webhookId))[0]).toMatchObject({ attempt: 2, statusCode: 200 });
});

test('a redelivery sends the same event again, as a new delivery', async () => {
  const hook = await createHook();
  await t.as(w.admin.token).post('/webhook/test', { webhookId: hook.webhookId }).expect(200);
  await until(async () => (await deliveries(hook.webhookId)).length === 1);
  const [d] = await deliveries(hook.webhookId);
  const again = await t.as(w.admin.token).post('/webhook/redeliver', { deliveryId: d.deliveryId }).expect(200);
  expect(again.body.data).toEqual({ webhookId: hook.webhookId, eventId: d.eventId, eventType: 'ping' });
  await receiver.waitFor(2);
  expect(receiver.received[1].headers['webhook-id']).toBe(d.eventId);
  expect(receiver.received[1].body).toBe(receiver.received[0].body);
  await until(async () => (await deliveries(hook.webhookId)).length === 2);
  expect((await deliveries(hook.webhookId)).map((x) => x.attempt)).toEqual([1, 1]);
});

test('a rotated secret signs the next deliveries; the old one no longer verifies them', async () => {
  const hook = await createHook();
  const rotated = await t.as(w.admin.token).put('/webhook/rotate-secret', { webhookId: hook.webhookId }).expect(200);
  expect(rotated.body.data.secret).not.toBe(hook.secret);
  await t.as(w.admin.token).post('/webhook/test', { webhookId: hook.webhookId }).expect(200);
  await receiver.waitFor(1);
  const [got] = receiver.received;
  const headers = got.headers as Record<string, string>;
  expect(() => new Webhook(rotated.body.data.secret).verify(got.body, headers)).not.toThrow();
  expect(() => new Webhook(hook.secret).verify(got.body, headers)).toThrow();
});

test('a webhook failing for 3 days is turned off, and its Admins see why', async () => {
  const hook = await createHook();
  receiver.answer(503);
  // Time is the database's: its deliveries have been failing for 3 days and a minute.
  await t.db
    .$executeRaw`UPDATE webhooks SET failing_since = (now() AT TIME ZONE 'UTC') - interval '3 days 1 minute' WHERE id = ${hook.webhookId}`;
  await t.as(w.admin.token).post('/webhook/test', { webhookId: hook.webhookId }).expect(200);
  await until(async () => (await deliveries(hook.webhookId)).length === 1);
  const [d] = await deliveries(hook.webhookId);
  expect(d).toMatchObject({ statusCode: 503, nextAttemptAt: null });
  const list = await t.as(w.admin.token).get('/webhooks', { orgId: w.orgA.orgId }).expect(200);
  const shown = list.body.data.webhooks.find((h: { webhookId: number }) => h.webhookId === hook.webhookId);
  expect(shown).toMatchObject({ active: false });
  expect(shown.disabledReason).toMatch(/failed for 3 days.*HTTP 503/);
  // Turned on again: why it was off is gone.
  const on = await t.as(w.admin.token).put('/webhook/edit', { webhookId: hook.webhookId, active: true }).expect(200);
  expect(on.body.data).toMatchObject({ active: true, disabledReason: null, failingSince: null });
});

test('a webhook that failed for less than 3 days stays on, its failing time kept', async () => {
  const hook = await createHook();
  receiver.answer(400);
  await t.as(w.admin.token).post('/webhook/test', { webhookId: hook.webhookId }).expect(200);
  await until(async () => (await deliveries(hook.webhookId)).length === 1);
  const row = await t.db.webhook.findUniqueOrThrow({ where: { webhookId: hook.webhookId } });
  expect(row).toMatchObject({ active: true, disabledReason: null });
  expect(row.failingSince).not.toBeNull();
});

test('two instances share the queue: each of 40 events is delivered exactly once', async () => {
  const second = await startWorker(t.config);
  try {
    const hook = await createHook();
    const sent = await Promise.all(
      Array.from(
        { length: 40 },
        async () =>
          (await t.as(w.admin.token).post('/webhook/test', { webhookId: hook.webhookId }).expect(200)).body.data.eventId as string,
      ),
    );
    await receiver.waitFor(40);
    await until(async () => (await t.db.webhookDelivery.count({ where: { webhookId: hook.webhookId } })) === 40);
    // Every job done: a duplicate, were there one, has been posted by now.
    await untilDeliveriesSettled(t.databaseUrl, { webhookId: hook.webhookId });
    expect(await t.db.webhookDelivery.count({ where: { webhookId: hook.webhookId } })).toBe(40);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(40);
    expect(new Set(ids)).toEqual(new Set(sent));
  } finally {
    await second.stop();
  }
});

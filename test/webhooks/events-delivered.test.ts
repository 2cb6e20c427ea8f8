import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { importJUnit, suite } from '../support/junit-import';
import { untilDeliveriesSettled } from '../support/job-queue';
import { startReceiver, type Receiver } from './receiver';
import { deliveryJobs, startWorker, until, type Worker } from './support';

// Events from the routes that cause them to real HTTP receivers, through the queue's workers as
// the server starts them: a standard webhook's signed payloads, and the Slack and Teams messages
// of a run completed, a run locked and an import completed.
let t: TestApp;
let w: World;
let worker: Worker;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await createTestApp({
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    JOB_POLL_INTERVAL_MS: '500',
    PUBLIC_URL: 'https://casebook.example.com',
  });
  w = await createWorld(t.db);
  worker = await startWorker(t.config);
});
afterAll(async () => {
  await worker?.stop();
  for (const r of receivers) await r.close();
  await t?.close();
});

async function hookTo(projectId: number, events: string[], format = 'standard') {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const res = await t
    .as(w.admin.token)
    .post('/webhook/create', { orgId: w.orgA.orgId, projectId, url: receiver.url, events, format })
    .expect(201);
  return { receiver, ...(res.body.data as { webhookId: number; secret: string }) };
}

async function runOf(projectId: number, n: number) {
  const tests = Array.from({ length: n }, (_, i) => ({ title: `Check ${i + 1}` }));
  const ids: number[] = (await t.as(w.user.token).post('/test/bulk-add', { projectId, tests }).expect(201)).body.data.testIds;
  const run = await t.as(w.user.token).post('/run/create', { projectId, runName: 'Release run', testIds: ids }).expect(201);
  return { ids, runId: run.body.data.runId as number };
}

const mark = (projectId: number, runId: number, results: { testId: number; status: string }[]) =>
  t.as(w.user.token).put('/run/update-test-status', { projectId, runId, testResults: results }).expect(200);

/** Every delivery job of the webhook done: what arrived is all that will. */
const settle = (webhookId: number) => untilDeliveriesSettled(t.databaseUrl, { webhookId });

test('a standard webhook gets results.updated per request and run.completed once, signed', async () => {
  const { projectId } = await createProject(t.db, w.orgA.orgId);
  const hook = await hookTo(projectId, ['results.updated', 'run.completed']);
  const { ids, runId } = await runOf(projectId, 2);
  await mark(projectId, runId, [{ testId: ids[0], status: 'passed' }]);
  await mark(projectId, runId, [{ testId: ids[1], status: 'failed' }]);
  await mark(projectId, runId, [{ testId: ids[1], status: 'passed' }]);
  await hook.receiver.waitFor(4);
  await settle(hook.webhookId);
  const payloads = hook.receiver.received.map(
    (got) =>
      new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: Record<string, unknown> },
  );
  expect(payloads.map((p) => p.type).sort()).toEqual(['results.updated', 'results.updated', 'results.updated', 'run.completed']);
  const completed = payloads.find((p) => p.type === 'run.completed')!;
  expect(completed.data).toMatchObject({ runId, statusCounts: { total: 2, passed: 1, failed: 1, untested: 0 }, passRate: 50 });
  const updates = payloads.filter((p) => p.type === 'results.updated').map((p) => p.data.results);
  expect(updates).toContainEqual([{ testId: ids[1], title: 'Check 2', status: 'passed', previousStatus: 'failed' }]);
});

test('a Slack webhook is posted run completed, run locked and import completed', async () => {
  const { projectId } = await createProject(t.db, w.orgA.orgId, { projectName: 'Mobile' });
  const hook = await hookTo(projectId, ['run.completed', 'run.locked', 'import.completed'], 'slack');
  const { ids, runId } = await runOf(projectId, 1);
  await mark(projectId, runId, [{ testId: ids[0], status: 'passed' }]);
  await t.as(w.user.token).put('/run/lock', { projectId, runId }).expect(200);
  await importJUnit(
    t,
    w.user.token,
    { projectId, createMissing: true, runName: 'CI 12' },
    suite('s', '<testcase classname="a" name="b"/>'),
  ).expect(201);
  await hook.receiver.waitFor(4);
  await settle(hook.webhookId);
  // The JUnit import completes its new run too: run completed twice, run locked, import completed.
  const messages = hook.receiver.received.map((r) => JSON.parse(r.body) as { text: string; blocks: { type: string }[] });
  expect(messages.map((m) => m.text.split(':')[0]).sort()).toEqual([
    'JUnit import completed',
    'Run completed',
    'Run completed',
    'Run locked',
  ]);
  for (const m of messages) expect(m.blocks[0].type).toBe('header');
  const done = messages.find((m) => m.text.startsWith('Run completed: Release run'))!;
  expect(JSON.stringify(done.blocks)).toContain(`https://casebook.example.com/projects/${projectId}/runs/${runId}`);
  await until(async () => (await t.db.webhookDelivery.count({ where: { webhookId: hook.webhookId } })) >= 4);
  expect(hook.receiver.received).toHaveLength(4);
});

test('a chat webhook from before create and edit refused other events gets no job for them', async () => {
  const { projectId } = await createProject(t.db, w.orgA.orgId);
  const receiver = await startReceiver();
  receivers.push(receiver);
  // Written as the routes wrote it before: subscribed to events Slack is never posted.
  const hook = await t.db.webhook.create({
    data: {
      orgId: w.orgA.orgId,
      projectId,
      url: receiver.url,
      events: ['run.created', 'results.updated'],
      format: 'slack',
      secret: 'whsec_x',
    },
  });
  const { ids, runId } = await runOf(projectId, 1);
  await mark(projectId, runId, [{ testId: ids[0], status: 'passed' }]);
  // The jobs are written in the request's own transaction: none now means none ever.
  expect(await deliveryJobs(t.db, hook.webhookId)).toBe(0);
  expect(await t.db.webhookDelivery.count({ where: { webhookId: hook.webhookId } })).toBe(0);
  // Sure to fail if the events were enqueued: a standard webhook on the same project gets both.
  const standard = await t.db.webhook.create({
    data: { orgId: w.orgA.orgId, projectId, url: receiver.url, events: ['results.updated'], format: 'standard', secret: 'whsec_x' },
  });
  await mark(projectId, runId, [{ testId: ids[0], status: 'failed' }]);
  expect(await deliveryJobs(t.db, standard.webhookId)).toBe(1);
  expect(await deliveryJobs(t.db, hook.webhookId)).toBe(0);
});

test('a Teams webhook is posted an Adaptive Card message', async () => {
  const { projectId } = await createProject(t.db, w.orgA.orgId);
  const hook = await hookTo(projectId, ['run.locked'], 'teams');
  const { runId } = await runOf(projectId, 1);
  await t.as(w.user.token).put('/run/lock', { projectId, runId }).expect(200);
  await hook.receiver.waitFor(1);
  const message = JSON.parse(hook.receiver.received[0].body);
  expect(message).toMatchObject({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          type: 'AdaptiveCard',
          body: expect.arrayContaining([expect.objectContaining({ type: 'TextBlock', text: 'Run locked: Release run' })]),
          actions: [
            { type: 'Action.OpenUrl', title: 'Open the run', url: `https://casebook.example.com/projects/${projectId}/runs/${runId}` },
          ],
        },
      },
    ],
  });
});

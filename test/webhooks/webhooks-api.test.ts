import crypto from 'node:crypto';
import { postJson } from '../../src/domain/webhooks/send';
import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { startReceiver, type Receiver } from './receiver';

// The admin routes and the SSRF guard, as deployed: WEBHOOK_ALLOW_PRIVATE_TARGETS unset.
let t: TestApp;
let w: World;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const publicUrl = 'https://203.0.113.10/casebook';
const create = (token: string, body: Record<string, unknown>) =>
  t.as(token).post('/webhook/create', { orgId: w.orgA.orgId, url: publicUrl, events: ['run.completed'], ...body });
const count = () => t.db.webhook.count();

describe('the SSRF guard', () => {
  it.each([
    ['loopback', 'http://127.0.0.1:8080/hook'],
    ['a name resolving to loopback', 'http://localhost:8080/hook'],
    ['private (10/8)', 'http://10.1.2.3/hook'],
    ['private (192.168/16)', 'https://192.168.0.10/hook'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['carrier-grade NAT', 'http://100.64.0.1/hook'],
    ['unspecified', 'http://0.0.0.0/hook'],
    ['IPv6 loopback', 'http://[::1]/hook'],
    ['IPv6 unique local (AWS metadata)', 'http://[fd00:ec2::254]/hook'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/hook'],
    ['not http(s)', 'ftp://203.0.113.10/hook'],
  ])('refuses %s at create, writing nothing', async (_what, url) => {
    const before = await count();
    const res = await create(w.admin.token, { url }).expect(400);
    expect(res.body).toMatchObject({ status: 400, code: 'webhook_target_refused' });
    expect(await count()).toBe(before);
  });

  it('refuses a private target at edit, changing nothing', async () => {
    const { webhookId } = (await create(w.admin.token, {}).expect(201)).body.data;
    const res = await t.as(w.admin.token).put('/webhook/edit', { webhookId, url: 'http://10.0.0.1/x' }).expect(400);
    expect(res.body.code).toBe('webhook_target_refused');
    expect((await t.db.webhook.findUniqueOrThrow({ where: { webhookId } })).url).toBe(publicUrl);
  });

  it('checks again at delivery, after DNS: a loopback receiver is never reached', async () => {
    const byAddress = await postJson(receiver.url, '{}', {}, { timeoutMs: 2000, allowPrivate: false });
    const byName = await postJson(receiver.url.replace('127.0.0.1', 'localhost'), '{}', {}, { timeoutMs: 2000, allowPrivate: false });
    expect(byAddress).toMatchObject({ statusCode: null, error: expect.stringMatching(/^refused/) });
    expect(byName).toMatchObject({ statusCode: null, error: expect.stringMatching(/^refused: localhost resolves to/) });
    expect(receiver.received).toHaveLength(0);
    // The same posts with the guard off do arrive: the refusal was the guard's.
    expect(await postJson(receiver.url.replace('127.0.0.1', 'localhost'), '{}', {}, { timeoutMs: 2000, allowPrivate: true })).toMatchObject(
      {
        statusCode: 200,
      },
    );
  });
});

describe('bad input', () => {
  it.each([
    ['no events', { events: [] }],
    ['an unknown event', { events: ['run.exploded'] }],
    ['ping, which only /webhook/test sends', { events: ['ping'] }],
    ['an event twice', { events: ['run.locked', 'run.locked'] }],
    ['an unknown format', { format: 'irc' }],
    ['not a URL', { url: 'hooks' }],
  ])('refuses %s with 400, writing nothing', async (_what, body) => {
    const before = await count();
    const res = await create(w.admin.token, body).expect(400);
    expect(res.body.code).toBe('validation_failed');
    expect(await count()).toBe(before);
  });

  it.each(['slack', 'teams'])('refuses a %s webhook subscribed to events chat is never posted, writing nothing', async (format) => {
    const before = await count();
    const res = await create(w.admin.token, { format, events: ['run.completed', 'results.updated', 'run.created'] }).expect(400);
    expect(res.body).toMatchObject({ status: 400, code: 'webhook_events_not_posted' });
    expect(res.body.error).toBe(
      `Invalid request: events: a ${format} webhook posts run.completed, run.locked, import.completed only, not results.updated, run.created`,
    );
    expect(await count()).toBe(before);
    // The events it does post are taken.
    await create(w.admin.token, { format, events: ['run.completed', 'run.locked', 'import.completed'] }).expect(201);
  });

  it('refuses an edit that would leave a chat webhook with events it never posts, changing nothing', async () => {
    const chat = (await create(w.admin.token, { format: 'slack', events: ['run.locked'] }).expect(201)).body.data;
    const standard = (await create(w.admin.token, { events: ['run.locked', 'tests.changed'] }).expect(201)).body.data;
    const edit = (body: Record<string, unknown>) => t.as(w.admin.token).put('/webhook/edit', body);
    // New events for a chat webhook; a chat format for a webhook with other events.
    for (const body of [
      { webhookId: chat.webhookId, events: ['run.locked', 'tests.changed'] },
      { webhookId: standard.webhookId, format: 'teams' },
      { webhookId: chat.webhookId, format: 'teams', events: ['milestone.completed'] },
    ]) {
      const res = await edit(body).expect(400);
      expect(res.body.code).toBe('webhook_events_not_posted');
    }
    const rows = await t.db.webhook.findMany({
      where: { webhookId: { in: [chat.webhookId, standard.webhookId] } },
      orderBy: { webhookId: 'asc' },
    });
    expect(rows.map((r) => [r.format, r.events])).toEqual([
      ['slack', ['run.locked']],
      ['standard', ['run.locked', 'tests.changed']],
    ]);
    // Both at once make it whole: a chat format with chat events, or other events with the standard format.
    await edit({ webhookId: standard.webhookId, format: 'teams', events: ['run.locked'] }).expect(200);
    await edit({ webhookId: chat.webhookId, format: 'standard', events: ['tests.changed'] }).expect(200);
  });

  it("refuses another organization's project as its project", async () => {
    const res = await create(w.admin.token, { projectId: w.projectB.projectId }).expect(404);
    expect(res.body.code).toBe('project_not_found');
  });
});

describe('roles and organizations', () => {
  it('lets only Admins of the organization manage its webhooks', async () => {
    for (const member of [w.reader, w.user]) {
      expect((await create(member.token, {}).expect(403)).body.code).toBe('forbidden');
      expect((await t.as(member.token).get('/webhooks', { orgId: w.orgA.orgId }).expect(403)).body.code).toBe('forbidden');
    }
  });

  it("answers 404 for another organization's webhooks and deliveries, changing nothing", async () => {
    const hook = (await create(w.admin.token, {}).expect(201)).body.data;
    const sent = await t.as(w.admin.token).post('/webhook/test', { webhookId: hook.webhookId }).expect(200);
    const delivery = await t.db.webhookDelivery.create({
      data: { webhookId: hook.webhookId, eventId: sent.body.data.eventId, jobId: crypto.randomUUID(), attempt: 1, requestBody: '{}' },
    });
    const other = t.as(w.adminB.token);
    const id = { webhookId: hook.webhookId };
    expect((await other.get('/webhooks', { orgId: w.orgA.orgId }).expect(404)).body.code).toBe('organization_not_found');
    expect((await other.put('/webhook/edit', { ...id, active: false }).expect(404)).body).toMatchObject({
      status: 404,
      code: 'webhook_not_found',
    });
    expect((await other.put('/webhook/rotate-secret', id).expect(404)).body).toMatchObject({ status: 404, code: 'webhook_not_found' });
    expect((await other.post('/webhook/test', id).expect(404)).body).toMatchObject({ status: 404, code: 'webhook_not_found' });
    expect((await other.get('/webhook/deliveries', id).expect(404)).body).toMatchObject({ status: 404, code: 'webhook_not_found' });
    expect((await other.post('/webhook/redeliver', { deliveryId: delivery.deliveryId }).expect(404)).body).toMatchObject({
      status: 404,
      code: 'webhook_delivery_not_found',
    });
    expect((await other.delete('/webhook/delete', id).expect(404)).body).toMatchObject({ status: 404, code: 'webhook_not_found' });
    expect((await create(w.adminB.token, {}).expect(404)).body.code).toBe('organization_not_found');
    const row = await t.db.webhook.findUniqueOrThrow({ where: { webhookId: hook.webhookId } });
    expect(row).toMatchObject({ active: true, secret: hook.secret });
    // Their own organization's list does not show it.
    const theirs = await other.get('/webhooks', { orgId: w.orgB.orgId }).expect(200);
    expect(theirs.body.data.webhooks).toEqual([]);
  });

  it('audits creation, changes, rotation and deletion', async () => {
    const hook = (await create(w.admin.token, { projectId: (await createProject(t.db, w.orgA.orgId)).projectId }).expect(201)).body.data;
    await t.as(w.admin.token).put('/webhook/edit', { webhookId: hook.webhookId, format: 'slack' }).expect(200);
    await t.as(w.admin.token).put('/webhook/rotate-secret', { webhookId: hook.webhookId }).expect(200);
    await t.as(w.admin.token).delete('/webhook/delete', { webhookId: hook.webhookId }).expect(200);
    const audit = await t.as(w.admin.token).get('/audit', { orgId: w.orgA.orgId }).expect(200);
    const actions = (audit.body.data.events as { action: string; targetId: number }[])
      .filter((e) => e.targetId === hook.webhookId && e.action.startsWith('webhook.'))
      .map((e) => e.action);
    expect(actions).toEqual(['webhook.deleted', 'webhook.secret-rotated', 'webhook.updated', 'webhook.created']);
    expect(await t.db.webhook.count({ where: { webhookId: hook.webhookId } })).toBe(0);
  });
});

import type { Locator, Page } from 'playwright-core';
import { Webhook as Verifier } from 'standardwebhooks';
import { createMember, createWorld, type World } from '../support/factories';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { startWorker, type Worker } from '../webhooks/support';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// The Webhooks screens (Admin): add a webhook pointing at a local receiver (node:http), see its
// secret once, send a test, read the delivery with the bodies sent and answered, redeliver it;
// rotate, pause, edit and delete; a disabled webhook says why; Users and Readers are told why
// there is nothing for them. The delivery workers run as the server starts them; retries are an
// hour apart, so none comes between the steps.

let h: WebHarness;
let w: World;
let receiver: Receiver;
let worker: Worker;

beforeAll(async () => {
  h = await startWebHarness({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_BASE_MS: '3600000', JOB_POLL_INTERVAL_MS: '500' });
  w = await createWorld(h.t.db);
  receiver = await startReceiver();
  worker = await startWorker(h.t.config);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await h?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer(200);
});

const card = (page: Page, url: string) => page.getByRole('article', { name: url, exact: true });
const hooksOf = (orgId: number) => h.t.db.webhook.findMany({ where: { orgId }, orderBy: { webhookId: 'asc' } });
/** The delivery row whose cells hold all of `texts`. */
const deliveryRow = (page: Page, ...texts: string[]): Locator =>
  texts.reduce((rows, text) => rows.filter({ hasText: text }), page.getByRole('row').filter({ has: page.getByRole('rowheader') }));
/** The payload of the `n`th request received, verified with `secret` by the Standard Webhooks library. */
const verified = (n: number, secret: string) =>
  new Verifier(secret).verify(receiver.received[n].body, receiver.received[n].headers as Record<string, string>) as {
    id: string;
    type: string;
  };

it('adds a webhook whose secret is shown once, sends a test, shows the delivery with its bodies, and redelivers it', async () => {
  const page = await h.signIn(w.admin.token);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  await page.getByText('No webhooks yet').waitFor();

  // The form, by keyboard: the URL field takes the focus; a project; one more event with Space.
  await page.getByRole('button', { name: 'Add webhook' }).press('Enter');
  await page.keyboard.type(receiver.url);
  expect(await page.getByLabel('Payload URL').inputValue()).toBe(receiver.url);
  await page.getByLabel('Project').selectOption({ label: w.projectA.projectName });
  const events = page.getByRole('group', { name: 'Events' });
  expect(await events.getByRole('checkbox', { name: 'run.completed' }).isChecked()).toBe(true);
  await events.getByRole('checkbox', { name: 'results.updated' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('group', { name: 'Format' }).getByRole('radio', { name: 'Standard Webhooks' }).waitFor();
  await checkScreen(page, 'webhooks-form');

  await page.getByRole('button', { name: 'Add webhook' }).click();
  const secretField = page.getByRole('textbox', { name: 'Signing secret' });
  await secretField.waitFor();
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^whsec_/);
  await page.getByText('Copy it now: you will not see it again.').waitFor();
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
  const hook = card(page, receiver.url);
  await hook.getByText('Active').waitFor();
  await hook.getByText(w.projectA.projectName).waitFor();
  await checkScreen(page, 'webhooks-secret');
  const [row] = await hooksOf(w.orgA.orgId);
  expect(row).toMatchObject({ url: receiver.url, projectId: w.projectA.projectId, format: 'standard', active: true, secret });
  expect([...row.events].sort()).toEqual(['results.updated', 'run.completed']);
  // Done hides it for good, and the focus goes back to Add webhook.
  await page.getByRole('button', { name: 'Done, hide it' }).press('Enter');
  await page.waitForFunction("document.activeElement?.textContent === 'Add webhook'");
  expect(await page.getByRole('textbox', { name: 'Signing secret' }).count()).toBe(0);

  // Send test: the receiver gets a ping signed with the secret shown; it answers 503 this time.
  receiver.answer(503, 200);
  await hook.getByRole('button', { name: 'Send test' }).click();
  await page.getByRole('status').filter({ hasText: 'Test event sent' }).waitFor();
  await receiver.waitFor(1);
  const ping = verified(0, secret);
  expect(ping.type).toBe('ping');

  // Its deliveries: the failed attempt, with a retry due, and the bodies sent and answered.
  await hook.getByRole('link', { name: 'Deliveries' }).click();
  await page.waitForURL(`${h.baseUrl}/webhooks/${row.webhookId}`);
  await page.getByRole('heading', { level: 1, name: 'Webhook deliveries' }).waitFor();
  const failed = deliveryRow(page, 'ping', '503', 'Failed, will retry');
  await failed.waitFor(); // the page looks again by itself
  expect(await failed.getByRole('cell').nth(1).textContent()).toBe('1'); // attempt
  expect(await failed.getByRole('cell').nth(4).textContent()).not.toBe('None'); // next attempt
  await failed.getByRole('button', { name: 'Bodies' }).press('Enter');
  const requestBody = page.getByRole('figure', { name: 'Request body' }).locator('pre');
  expect(JSON.parse((await requestBody.textContent())!)).toMatchObject({ id: ping.id, type: 'ping' });
  await page.getByRole('figure', { name: 'Response body' }).getByText('answer 503').waitFor();
  await checkScreen(page, 'webhook-deliveries');

  // Redeliver: the same event again as a new delivery, which the receiver now takes.
  await failed.getByRole('button', { name: 'Redeliver' }).click();
  await receiver.waitFor(2);
  expect(verified(1, secret)).toMatchObject({ id: ping.id, type: 'ping' });
  await deliveryRow(page, 'ping', '200', 'Delivered').waitFor();
  expect(await page.getByRole('navigation', { name: 'Delivery pages' }).getByText('1–2 of 2').count()).toBe(1);

  // Shown once: after a reload the secret is nowhere on the page.
  await page.goto(`${h.baseUrl}/webhooks`);
  await card(page, receiver.url).waitFor();
  expect(await page.getByRole('textbox', { name: 'Signing secret' }).count()).toBe(0);
  expect(await page.content()).not.toContain(secret);
});

it('rotates the secret (asked first, shown once), edits, pauses and deletes; a disabled webhook says why', async () => {
  const url = `${receiver.url}/second`;
  const created = await h.t
    .as(w.admin.token)
    .post('/webhook/create', { orgId: w.orgA.orgId, url, events: ['run.locked'] })
    .expect(201);
  const { webhookId, secret: oldSecret } = created.body.data as { webhookId: number; secret: string };
  const page = await h.signIn(w.admin.token);
  await page.goto(`${h.baseUrl}/webhooks`);
  const hook = card(page, url);

  await hook.getByRole('button', { name: 'Rotate secret' }).click();
  const ask = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  expect((await h.t.db.webhook.findUniqueOrThrow({ where: { webhookId } })).secret).toBe(oldSecret);
  await hook.getByRole('button', { name: 'Rotate secret' }).click();
  await ask.getByRole('button', { name: 'Rotate secret' }).click();
  const shown = page.getByRole('dialog', { name: 'New signing secret' });
  const newSecret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(newSecret).toMatch(/^whsec_/);
  expect(newSecret).not.toBe(oldSecret);
  expect((await h.t.db.webhook.findUniqueOrThrow({ where: { webhookId } })).secret).toBe(newSecret);
  await checkScreen(page, 'webhooks-rotated-secret');
  await page.keyboard.press('Escape');
  await shown.waitFor({ state: 'hidden' });
  // Deliveries are signed with the new secret now.
  await hook.getByRole('button', { name: 'Send test' }).click();
  await receiver.waitFor(1);
  expect(verified(0, newSecret).type).toBe('ping');
  expect(() => verified(0, oldSecret)).toThrow();

  // Edit in a dialog: Slack, another event, every project.
  await hook.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit webhook' });
  await edit.getByRole('radio', { name: 'Slack' }).check();
  await edit.getByText('Slack and Teams get a message for').waitFor();
  // Only the three events chat is posted are offered (the server refuses the others).
  expect(await edit.getByRole('group', { name: 'Events' }).getByRole('checkbox').count()).toBe(3);
  expect(await edit.getByRole('checkbox', { name: 'results.updated' }).count()).toBe(0);
  await edit.getByRole('checkbox', { name: 'import.completed' }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'hidden' });
  await hook.getByText('Slack', { exact: true }).waitFor();
  expect(await h.t.db.webhook.findUniqueOrThrow({ where: { webhookId } })).toMatchObject({
    format: 'slack',
    events: ['run.locked', 'import.completed'],
  });

  // Pause, and on again.
  await hook.getByRole('button', { name: 'Pause' }).click();
  await hook.getByText('Paused').waitFor();
  expect((await h.t.db.webhook.findUniqueOrThrow({ where: { webhookId } })).active).toBe(false);
  await hook.getByRole('button', { name: 'Turn on' }).click();
  await hook.getByText('Active').waitFor();

  // Turned off by the server after days of failures: the card says why, and Turn on clears it.
  await h.t.db.webhook.update({
    where: { webhookId },
    data: { active: false, failingSince: new Date(Date.now() - 4 * 86_400_000), disabledReason: 'Deliveries failed for 3 days (503)' },
  });
  await page.reload();
  await hook.getByText('Disabled').waitFor();
  await hook.getByText('Deliveries failed for 3 days (503)').waitFor();
  await checkScreen(page, 'webhooks-list');
  await hook.getByRole('button', { name: 'Turn on' }).click();
  await hook.getByText('Active').waitFor();
  expect(await h.t.db.webhook.findUniqueOrThrow({ where: { webhookId } })).toMatchObject({ active: true, disabledReason: null });

  // Delete asks first.
  await hook.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete webhook?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `Webhook ${url} deleted` })
    .waitFor();
  await hook.waitFor({ state: 'detached' });
  // The focused button went with the card: the focus is on the list's heading, not lost.
  await page.waitForFunction("document.activeElement?.id === 'webhooks-heading'");
  expect(await h.t.db.webhook.count({ where: { webhookId } })).toBe(0);

  // The audit log names these changes, and filters by them.
  await page.goto(`${h.baseUrl}/audit?orgId=${w.orgA.orgId}&action=webhook.secret-rotated`);
  await page.getByRole('cell', { name: 'Webhook secret rotated' }).first().waitFor();
  expect(await page.getByLabel('Kind').inputValue()).toBe('webhook.secret-rotated');
});

it("shows the server's refusal of an address and asks for an event, writing nothing", async () => {
  const page = await h.signIn(w.admin.token);
  await page.goto(`${h.baseUrl}/webhooks`);
  const before = await h.t.db.webhook.count();
  // Cancel gives the focus back to the button that opened the form.
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForFunction("document.activeElement?.textContent === 'Add webhook'");
  await page.keyboard.press('Enter');
  await page.getByLabel('Payload URL').fill('ftp://files.example.com/hook');
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByRole('alert').filter({ hasText: 'Choose at least one event.' }).waitFor();
  await page.getByRole('checkbox', { name: 'run.created' }).check();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByRole('alert').filter({ hasText: '(400)' }).waitFor();
  expect(await h.t.db.webhook.count()).toBe(before);
});

it('tells a User and a Reader why there is nothing to manage, and offers them no Webhooks link', async () => {
  const url = `${receiver.url}/admins-only`;
  const created = await h.t
    .as(w.admin.token)
    .post('/webhook/create', { orgId: w.orgA.orgId, url, events: ['run.locked'] })
    .expect(201);
  for (const who of [w.user, w.reader]) {
    const page = await h.signIn(who.token);
    await page.getByTestId('signed-in-user').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    await page.goto(`${h.baseUrl}/webhooks`);
    await page.getByText('Only Admins manage webhooks').waitFor();
    expect(
      await page
        .getByRole('button')
        .filter({ hasText: /Add webhook|Send test|Delete/ })
        .count(),
    ).toBe(0);
    expect(await page.content()).not.toContain(url);
    await page.goto(`${h.baseUrl}/webhooks/${created.body.data.webhookId}`);
    await page.getByText('Only Admins see webhooks and their deliveries').waitFor();
    if (who === w.reader) await checkScreen(page, 'webhooks-not-admin');
  }
  // The API agrees: a User may not list them.
  await h.t.as(w.user.token).get('/webhooks', { orgId: w.orgA.orgId }).expect(403);
});

it("lets an Admin of two organizations switch between their webhooks, and shows no other organization's", async () => {
  const both = await createMember(h.t.db, [
    [w.orgA.orgId, 'Admin'],
    [w.orgB.orgId, 'Admin'],
  ]);
  const urlB = `${receiver.url}/org-b`;
  const madeB = await h.t
    .as(w.adminB.token)
    .post('/webhook/create', { orgId: w.orgB.orgId, url: urlB, events: ['run.created'] })
    .expect(201);
  const page = await h.signIn(both.token);
  await page.goto(`${h.baseUrl}/webhooks`);
  const org = page.getByLabel('Organization', { exact: true });
  await org.selectOption({ label: w.orgB.orgName });
  await page.waitForURL(`${h.baseUrl}/webhooks?orgId=${w.orgB.orgId}`);
  await page.getByRole('heading', { level: 2, name: `Webhooks of ${w.orgB.orgName}` }).waitFor();
  await card(page, urlB).getByRole('link', { name: 'Deliveries' }).click();
  await page.getByText(urlB).waitFor();
  await page.getByText('Nothing delivered yet').waitFor();

  // An Admin of organization A alone finds no webhook of B, by list or by address.
  const onlyA = await h.signIn(w.admin.token);
  await onlyA.goto(`${h.baseUrl}/webhooks/${madeB.body.data.webhookId}`);
  await onlyA.getByText(`No webhook ${madeB.body.data.webhookId} in the organizations you administer.`).waitFor();
  await h.t.as(w.admin.token).get('/webhook/deliveries', { webhookId: madeB.body.data.webhookId }).expect(404);
});

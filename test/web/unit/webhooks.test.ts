import {
  CHAT_EVENTS,
  deliveryOutcome,
  formatDuration,
  formatLabel,
  prettyBody,
  WEBHOOK_EVENTS,
  webhookState,
} from '../../../web/src/features/webhooks/webhook-text';

// How the Webhooks screens word a webhook's state, a delivery's outcome and the bodies.

it("names a webhook's state: active, failing, paused by an Admin, disabled by the server with its reason", () => {
  expect(webhookState({ active: true, failingSince: null, disabledReason: null })).toEqual({ kind: 'active', label: 'Active' });
  expect(webhookState({ active: true, failingSince: '2026-03-04T05:06:00.000Z' }, 'en-GB', 'UTC')).toEqual({
    kind: 'failing',
    label: 'Failing',
    detail: 'Deliveries failing since 4 Mar 2026, 05:06; they are retried.',
  });
  expect(webhookState({ active: false, disabledReason: null })).toMatchObject({ kind: 'paused', label: 'Paused' });
  // Disabled outranks failing: the server turned it off, and says why.
  expect(webhookState({ active: false, failingSince: '2026-03-01T00:00:00.000Z', disabledReason: 'Failing for 3 days: 503' })).toEqual({
    kind: 'disabled',
    label: 'Disabled',
    detail: 'Failing for 3 days: 503',
  });
});

it("words a delivery's outcome by its status, error and next attempt", () => {
  expect(deliveryOutcome({ statusCode: 204, error: null, nextAttemptAt: null })).toEqual({ ok: true, label: 'Delivered' });
  expect(deliveryOutcome({ statusCode: 503, error: null, nextAttemptAt: '2026-03-04T05:06:00.000Z' })).toEqual({
    ok: false,
    label: 'Failed, will retry',
  });
  expect(deliveryOutcome({ statusCode: null, error: 'connect ECONNREFUSED', nextAttemptAt: null })).toEqual({ ok: false, label: 'Failed' });
  expect(deliveryOutcome({ statusCode: 302, error: null, nextAttemptAt: null })).toEqual({ ok: false, label: 'Failed' });
});

it('words durations and bodies for reading', () => {
  expect(formatDuration(null)).toBe('–');
  expect(formatDuration(85)).toBe('85 ms');
  expect(formatDuration(1234)).toBe('1.2 s');
  expect(prettyBody('{"type":"ping","data":{}}')).toBe('{\n  "type": "ping",\n  "data": {}\n}');
  expect(prettyBody('<html>oops</html>')).toBe('<html>oops</html>');
  expect(prettyBody('')).toBe('(empty)');
  expect(prettyBody(null)).toBe('(empty)');
});

it('describes every event once, the chat ones among them, and names the formats', () => {
  const types = WEBHOOK_EVENTS.map((e) => e.type);
  expect(new Set(types).size).toBe(9);
  expect(WEBHOOK_EVENTS.every((e) => e.description.length > 10)).toBe(true);
  expect(CHAT_EVENTS.every((t) => (types as string[]).includes(t))).toBe(true);
  expect([formatLabel('standard'), formatLabel('slack'), formatLabel('teams')]).toEqual(['Standard Webhooks', 'Slack', 'Microsoft Teams']);
});

import { compareVersions, stepsText, textDiff } from '../../../web/src/features/test-cases/history/version-content';

// The History tab's words without React: steps as numbered text, references by name (or marked
// deleted), and the removed and added parts of two texts.

const names: Record<string, string> = { 'sectionId:3': 'Checkout > Payments', 'labels:7': 'smoke' };
const nameOf = (field: string, id: number) => names[`${field}:${id}`];

it('numbers steps, with their expected results and data, and shared steps with their own', () => {
  expect(
    stepsText([
      { action: 'Open the cart', expected: 'Shown' },
      { sharedStepsId: 4, name: 'Log in', steps: [{ action: 'Type the password', data: 'secret' }] },
    ]),
  ).toBe('1. Open the cart\n   Expected: Shown\n2. Shared steps: Log in\n   2.1. Type the password\n      Data: secret');
  expect(stepsText('As text')).toBe('As text');
  expect(stepsText(null)).toBe('');
});

it('compares two versions field by field, references by name, deleted ones marked', () => {
  const rows = compareVersions(
    { title: 'Pay', sectionId: 3, labels: [7], customFields: { tags: ['a', 'b'] } },
    { title: 'Pay now', sectionId: 9, labels: [7], customFields: {} },
    nameOf,
  );
  const changed = rows.filter((r) => r.changed).map((r) => [r.label, r.older, r.newer]);
  expect(changed).toEqual([
    ['Title', 'Pay', 'Pay now'],
    ['Section', 'Checkout > Payments', '#9 (deleted)'],
    ['Custom fields', 'tags: a, b', ''],
  ]);
  expect(rows.find((r) => r.field === 'labels')).toMatchObject({ older: 'smoke', changed: false });
});

it('splits two texts into common, removed and added parts, word by word', () => {
  expect(textDiff('Pay with a saved card', 'Pay with a stored card').map((p) => [p.value, p.removed, p.added])).toEqual([
    ['Pay with a ', false, false],
    ['saved', true, false],
    ['stored', false, true],
    [' card', false, false],
  ]);
});

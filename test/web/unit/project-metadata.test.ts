import { sameName, VALUE_LISTS } from '../../../web/src/features/project-metadata/value-lists';

// The metadata page stops a name clash before sending: the server refuses a rename onto
// another value's name, and adding a label or squad that exists would quietly return it.

const values = [
  { id: 1, name: 'Smoke' },
  { id: 2, name: 'API' },
];

it('finds another value of the same name, trimmed and ignoring case', () => {
  expect(sameName(values, '  smoke ')).toEqual({ id: 1, name: 'Smoke' });
  expect(sameName(values, 'Api')).toEqual({ id: 2, name: 'API' });
  expect(sameName(values, 'Nightly')).toBeUndefined();
});

it('lets a value keep its own name in another case (a rename of it)', () => {
  expect(sameName(values, 'SMOKE', 1)).toBeUndefined();
  expect(sameName(values, 'smoke', 2)).toEqual({ id: 1, name: 'Smoke' });
});

it('administers the labels, squads and the five lookup lists, each once', () => {
  expect(VALUE_LISTS.map((l) => l.id)).toEqual(['labels', 'squads', 'priority', 'type', 'automationStatus', 'platform', 'testCoveredBy']);
});

import { moveRow, optionsBody, parseOptions, repeatedName } from '../../../web/src/features/configurations/option-list';

it('reads options one a line or separated by commas, trimmed, without blanks', () => {
  expect(parseOptions(' Chrome\nFirefox ,Safari\n\n , Edge ')).toEqual(['Chrome', 'Firefox', 'Safari', 'Edge']);
  expect(parseOptions(' \n,')).toEqual([]);
});

it('finds a name listed twice, compared case-insensitively as the server does', () => {
  expect(repeatedName(['Chrome', 'Safari', ' chrome '])).toBe('chrome');
  expect(repeatedName(['Chrome', 'Safari'])).toBeUndefined();
});

it('moves a row up or down, and leaves the list be at either end', () => {
  const rows = ['a', 'b', 'c'];
  expect(moveRow(rows, 2, -1)).toEqual(['a', 'c', 'b']);
  expect(moveRow(rows, 0, 1)).toEqual(['b', 'a', 'c']);
  expect(moveRow(rows, 0, -1)).toBe(rows);
  expect(moveRow(rows, 2, 1)).toBe(rows);
});

it('sends kept options by id and new ones by name, in order, names trimmed', () => {
  expect(
    optionsBody([
      { key: 'new0', name: ' Edge ' },
      { key: 'o5', optionId: 5, name: 'Chrome ' },
    ]),
  ).toEqual([{ name: 'Edge' }, { optionId: 5, name: 'Chrome' }]);
});

import { formatWhen, sortTokens, tokenLabel } from '../../../web/src/features/tokens/token-format';

const token = (tokenId: number, revokedAt: string | null = null) => ({ tokenId, revokedAt });

it('lists active tokens first, newest first within each group', () => {
  const sorted = sortTokens([token(1), token(2, '2026-01-02T00:00:00.000Z'), token(3), token(4, '2026-01-01T00:00:00.000Z')]);
  expect(sorted.map((t) => t.tokenId)).toEqual([3, 1, 4, 2]);
});

it('words a missing time and a missing name', () => {
  expect(formatWhen(null)).toBe('Never');
  expect(formatWhen(null, '—')).toBe('—');
  expect(formatWhen('2026-03-04T05:06:00.000Z', 'Never', 'en-GB', 'UTC')).toBe('4 Mar 2026, 05:06');
  expect(tokenLabel({ name: '  ' })).toBe('Unnamed token');
  expect(tokenLabel({ name: 'CI' })).toBe('CI');
});

import { momentOf } from '../../src/domain/activity/moments';

// The moments GET /project/activity takes (since, until), read against a fixed clock.

const now = Date.parse('2026-03-10T15:30:00.000Z');
const at = (text: string) => momentOf(text, now)?.toISOString();

describe('momentOf', () => {
  it('reads days by their start in UTC, and ages back from now', () => {
    expect(at('today')).toBe('2026-03-10T00:00:00.000Z');
    expect(at('Yesterday')).toBe('2026-03-09T00:00:00.000Z');
    expect(at('now')).toBe('2026-03-10T15:30:00.000Z');
    expect(at('30m')).toBe('2026-03-10T15:00:00.000Z');
    expect(at('24h')).toBe('2026-03-09T15:30:00.000Z');
    expect(at('7d')).toBe('2026-03-03T15:30:00.000Z');
    expect(at('2w')).toBe('2026-02-24T15:30:00.000Z');
  });

  it('reads ISO dates and date-times with their offset', () => {
    expect(at('2026-01-31')).toBe('2026-01-31T00:00:00.000Z');
    expect(at('2026-01-31T09:00:00+02:00')).toBe('2026-01-31T07:00:00.000Z');
    expect(at('2026-01-31T09:00:00Z')).toBe('2026-01-31T09:00:00.000Z');
  });

  it('names nothing for anything else', () => {
    for (const text of ['', 'soon', 'last week', '2026-02-30', '2026-13-01', '-3d', '3 days', '1y', '2026-01-31T09:00'])
      expect(at(text)).toBeUndefined();
  });
});

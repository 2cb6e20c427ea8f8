import { DEFAULT_PERIOD, duration, percent, periodOf } from '../../../web/src/features/dashboard/dashboard-period';

it('reads the period from the address: 7, 30 or 90 days, anything else the default 30', () => {
  expect(['7', '30', '90'].map((days) => periodOf(new URLSearchParams({ days })))).toEqual([7, 30, 90]);
  for (const days of ['', '14', '-7', 'week', '90.5']) expect(periodOf(new URLSearchParams({ days }))).toBe(DEFAULT_PERIOD);
  expect(periodOf(new URLSearchParams())).toBe(30);
});

it('words shares and durations as people read them', () => {
  expect([0, 0.3333, 0.5, 1].map(percent)).toEqual(['0%', '33%', '50%', '100%']);
  expect([null, 0, 850, 1000, 3240, 59_999, 125_000, 180_000].map(duration)).toEqual([
    '–',
    '0 ms',
    '850 ms',
    '1 s',
    '3.2 s',
    '1 min',
    '2 min 5 s',
    '3 min',
  ]);
});

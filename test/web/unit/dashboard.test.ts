import { DEFAULT_PERIOD, periodOf } from '../../../web/src/features/dashboard/dashboard-period';

it('reads the period from the address: 7, 30 or 90 days, anything else the default 30', () => {
  expect(['7', '30', '90'].map((days) => periodOf(new URLSearchParams({ days })))).toEqual([7, 30, 90]);
  for (const days of ['', '14', '-7', 'week', '90.5']) expect(periodOf(new URLSearchParams({ days }))).toBe(DEFAULT_PERIOD);
  expect(periodOf(new URLSearchParams())).toBe(30);
});

// The dashboard's period lives in the address (?days=7|30|90), so a chosen period survives a
// reload and can be linked; anything else reads as the default, 30 days.

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 30;

export function periodOf(params: URLSearchParams): Period {
  const asked = Number(params.get('days'));
  return PERIODS.find((p) => p === asked) ?? DEFAULT_PERIOD;
}

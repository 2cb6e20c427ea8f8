import type { FlakyReason } from './dashboard-types';

// The dashboard's period lives in the address (?days=7|30|90), so a chosen period survives a
// reload and can be linked; anything else reads as the default, 30 days.

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 30;

export function periodOf(params: URLSearchParams): Period {
  const asked = Number(params.get('days'));
  return PERIODS.find((p) => p === asked) ?? DEFAULT_PERIOD;
}

/** A share (0..1) as a whole percent, "40%". */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A duration in ms as people read it: "850 ms", "3.2 s", "2 min 5 s", "3 min". */
export function duration(ms: number | null): string {
  if (ms === null) return '–';
  if (ms < 1000) return `${ms} ms`;
  const tenths = Math.round(ms / 100) / 10;
  if (tenths < 60) return `${tenths} s`;
  const s = Math.round(ms / 1000);
  return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s / 60} min`;
}

/** Why a test is flaky, in words (the API's flakyReasons). */
export const FLAKY_REASON_TEXT: Record<FlakyReason, string> = {
  flips: 'Flips between passed and failed',
  same_commit: 'Passed and failed on one commit',
  flaky_in_run: 'Passed on a rerun in one import',
};

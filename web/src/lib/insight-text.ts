import type { paths } from './api-types';

// The words and numbers the insight pages (dashboard, stability, run comparison) share, so one
// thing reads the same on each of them.

export type FlakyReason =
  paths['/api/v1/project/test-stability']['get']['responses'][200]['content']['application/json']['data']['tests'][number]['flakyReasons'][number];

/** Why a test is flaky (the API's flakyReasons), in words. */
export const FLAKY_REASON_TEXT: Record<FlakyReason, string> = {
  flips: 'flips between passed and failed',
  same_commit: 'passed and failed on one commit',
  flaky_in_run: 'passed on a rerun within one run',
};

/** "flips between passed and failed; passed and failed on one commit", or '' when not flaky. */
export const flakyReasonsText = (reasons: readonly FlakyReason[]) => reasons.map((r) => FLAKY_REASON_TEXT[r]).join('; ');

/** A share (0–1) as a percent with at most `decimals` decimals: "40%", "33.3%" (1), "33%" (0). */
export function percentText(share: number, decimals = 1): string {
  const scale = 10 ** decimals;
  return `${Math.round(share * 100 * scale) / scale}%`;
}

/** A time in milliseconds as people read it: "850 ms", "1.2 s", "2 min 5 s", "3 min"; "—" when unknown. */
export function durationText(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  // Below 59.95 s, which would round to 60.0 s.
  if (ms < 59_950) return `${Math.round(ms / 100) / 10} s`;
  const seconds = Math.round(ms / 1000);
  return seconds % 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds / 60} min`;
}

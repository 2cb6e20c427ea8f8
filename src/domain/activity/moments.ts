import { z } from '../../core/zod-messages';

// The moments GET /project/activity takes: what a person (or an assistant) would write for
// "since yesterday". Relative forms are read against the clock when the request is validated,
// in UTC.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const UNIT_MS: Record<string, number> = { m: 60_000, h: HOUR_MS, d: DAY_MS, w: 7 * DAY_MS };

const startOfDay = (at: number, daysBack: number) => new Date(Math.floor(at / DAY_MS) * DAY_MS - daysBack * DAY_MS);

/** The words a moment may be, for descriptions and the error message. */
export const MOMENT_FORMS =
  'an ISO date-time (2026-01-31T09:00:00Z), a date (2026-01-31, its start in UTC), today, yesterday, or an age: 30m, 24h, 7d, 2w';

/** The moment `text` names, or undefined when it names none. */
export function momentOf(text: string, now = Date.now()): Date | undefined {
  const word = text.trim().toLowerCase();
  if (word === 'now') return new Date(now);
  if (word === 'today') return startOfDay(now, 0);
  if (word === 'yesterday') return startOfDay(now, 1);
  const age = /^(\d{1,5})([mhdw])$/.exec(word);
  if (age) return new Date(now - Number(age[1]) * UNIT_MS[age[2]]);
  if (/^\d{4}-\d{2}-\d{2}$/.test(word)) {
    const day = new Date(`${word}T00:00:00Z`);
    return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== word ? undefined : day;
  }
  if (!z.iso.datetime({ offset: true }).safeParse(text.trim()).success) return undefined;
  return new Date(text.trim());
}

/** A query parameter holding a moment, a Date once parsed; `example` is the OpenAPI document's. */
export const queryMoment = (example: string) =>
  z
    .string()
    .meta({ example })
    .transform((text, ctx) => {
      const at = momentOf(text);
      if (at) return at;
      ctx.addIssue({ code: 'custom', message: `Expected ${MOMENT_FORMS}` });
      return z.NEVER;
    });

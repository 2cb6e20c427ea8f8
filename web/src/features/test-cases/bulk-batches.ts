// Bulk edits of a selection larger than one call takes go in batches. Each batch is atomic; a
// later batch's failure leaves the earlier ones done, which the error says.

/** The most items one bulk call takes (API.md). */
export const BULK_LIMIT = 5000;

export type BulkFields = { priorityId?: number | null; sectionId?: number | null; squadId?: number | null; labels?: number[] };

/** What a bulk edit sets: one of these fields, to the chosen ids. */
export type BulkField = 'priority' | 'section' | 'squad' | 'labels';

/** The API's fields for setting `field` to `value`: labels replace the tests' labels; no id clears a field. */
export const bulkFields = (field: BulkField, value: number[]): BulkFields =>
  field === 'labels' ? { labels: value } : { [`${field}Id`]: value[0] ?? null };

/** Calls `call` for each batch in turn; answers how many tests were done. */
export async function inBatches(batches: number[][], call: (ids: number[]) => Promise<{ count: number }>) {
  let done = 0;
  for (const ids of batches) {
    try {
      done += (await call(ids)).count;
    } catch (error) {
      if (done === 0 || !(error instanceof Error)) throw error;
      error.message = `${error.message} (after ${done} tests were already done)`;
      throw error;
    }
  }
  return done;
}

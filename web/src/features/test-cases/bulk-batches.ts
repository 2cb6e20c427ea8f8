// Bulk edits of a selection larger than one call takes go in batches. Each batch is atomic; a
// later batch's failure leaves the earlier ones done, which the error says.

/** The most items one bulk call takes (API.md). */
export const BULK_LIMIT = 5000;

/** Calls `call` for each batch in turn; answers how many tests were done. */
export async function inBatches<T>(batches: T[][], call: (batch: T[]) => Promise<{ count: number }>) {
  let done = 0;
  for (const batch of batches) {
    try {
      done += (await call(batch)).count;
    } catch (error) {
      if (done === 0 || !(error instanceof Error)) throw error;
      error.message = `${error.message} (after ${done} tests were already done)`;
      throw error;
    }
  }
  return done;
}

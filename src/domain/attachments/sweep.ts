import type { Db } from '../../db/client';
import type { BlobStore } from '../../db/blobs';
import type { Logger } from '../../logger';
import { deleteRowsOfDeletedTests, namedKeys } from './data';

// Deleting a test, a run or a project does not wait for its attachments' bytes: the sweep
// removes them later. It deletes the rows of deleted tests (runs and projects take theirs with
// them), then every blob no row names. A blob younger than the grace period is left alone: an
// upload writes its bytes before their row, and a crash can leave a temporary file behind.

/** Blobs younger than this are never swept: the longest an upload may take between its bytes and its row. */
export const SWEEP_GRACE_MS = 60 * 60_000;
export const SWEEP_EVERY_MS = 5 * 60_000;
const BATCH = 500;

export interface SweepResult {
  rows: number;
  blobs: number;
}

/** One sweep: the rows of deleted tests, then the blobs (older than `graceMs`) no row names. */
export async function sweepAttachments(
  db: Db,
  blobs: BlobStore,
  { graceMs = SWEEP_GRACE_MS }: { graceMs?: number } = {},
): Promise<SweepResult> {
  const rows = await deleteRowsOfDeletedTests(db);
  const before = Date.now() - graceMs;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const named = await namedKeys(db, batch);
    for (const key of batch.filter((k) => !named.has(k))) {
      await blobs.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const entry of blobs.list()) {
    if (entry.modifiedAt.getTime() > before) continue;
    batch.push(entry.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return { rows, blobs: removed };
}

/** Sweeps every `everyMs` until stopped (the server's); a failed sweep is logged and tried again next time. */
export function startAttachmentSweep(db: Db, blobs: BlobStore, logger: Logger, { everyMs = SWEEP_EVERY_MS } = {}) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(async () => {
      try {
        const swept = await sweepAttachments(db, blobs);
        if (swept.rows || swept.blobs) logger.info(swept, 'attachments swept');
      } catch (err) {
        logger.warn({ err }, 'attachment sweep failed');
      }
    });
  }, everyMs);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    /** Resolves once a sweep in progress is over. */
    done: () => running,
  };
}

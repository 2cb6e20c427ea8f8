import type { DbOrTx } from '../../db/client';

/** How long events and their delivery log are kept. */
export const HISTORY_DAYS = 30;

/**
 * Removes the events older than HISTORY_DAYS, and with them (cascade) their deliveries: the log
 * holds every attempt's body, and would otherwise grow without end. Any instance may run it; it is
 * one statement, and running it twice removes nothing more.
 */
export async function pruneWebhookHistory(db: DbOrTx, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - HISTORY_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await db.webhookEvent.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}

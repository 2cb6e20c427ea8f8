import type { RequestContext } from '../../core/context';
import type { EventFeed } from '../../core/event-feed';
import { RUN_EVENTS_CHANNEL } from './data';
import { requireRun } from './run-access';
import type { RunEvent } from './runs.schemas';

/**
 * GET /run/events: the changes to one run's results as they commit, whichever process wrote
 * them (the writes notify, data/events.ts). The run must be one the caller may read (404
 * otherwise); the stream then carries this run's events only.
 */
export async function runEvents(ctx: RequestContext, q: { runId: number; projectId: number }): Promise<EventFeed<RunEvent>> {
  await requireRun(ctx, q.runId, q.projectId);
  return {
    channel: RUN_EVENTS_CHANNEL,
    eventOf: (payload) => {
      const event = JSON.parse(payload) as RunEvent;
      return event.runId === q.runId ? event : undefined;
    },
  };
}

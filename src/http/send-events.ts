import type { Request, Response } from 'express';
import type { Notifications } from '../db/notifications';
import type { EventFeed } from '../core/event-feed';
import { AppError } from '../core/errors';

/**
 * Answers with a text/event-stream that stays open (a route with `events`): subscribes to
 * the feed's channel on the process's one listening connection, sends each event as one
 * `data:` line of JSON, `event: resync` when notifications may have been missed (the client
 * reads again what it shows), a comment line every `heartbeatMs`, and unsubscribes when the
 * client leaves. `no-transform` keeps compression from holding events back. Errors before
 * the subscription (the database unavailable) are answered as any other error.
 */
export async function sendEvents(
  req: Request,
  res: Response,
  feed: EventFeed<unknown>,
  notifications: Notifications,
  /** How often a comment line goes out on a quiet stream, so proxies and browsers keep it open (EVENT_HEARTBEAT_MS). */
  heartbeatMs: number,
): Promise<void> {
  let open = true;
  const timer: { heartbeat?: NodeJS.Timeout } = {};
  let unsubscribe = () => {};
  const stop = () => {
    if (!open) return;
    open = false;
    clearInterval(timer.heartbeat);
    unsubscribe();
  };
  const write = (text: string) => {
    if (open) res.write(text);
  };
  res.once('close', stop);
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store, no-transform',
    'X-Accel-Buffering': 'no',
  });
  const subscribing = notifications.subscribe(feed.channel, {
    notify: (payload) => {
      if (payload === null) return write('event: resync\ndata: {}\n\n');
      const event = feed.eventOf(payload);
      if (event !== undefined) write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end: () => {
      stop();
      res.end();
    },
  });
  // No listening connection (the database is down, or the process is stopping): 503, as for any lost database.
  unsubscribe = await subscribing.catch(() => {
    throw new AppError('database_unavailable', 'Service unavailable');
  });
  // The client may have left while the subscription was made.
  if (req.destroyed || res.destroyed) return stop();
  res.flushHeaders();
  // The first line says the stream is live (an EventSource's `open`); `retry` is how soon it comes back after a cut.
  write('retry: 3000\n: live\n\n');
  timer.heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
  timer.heartbeat.unref();
}

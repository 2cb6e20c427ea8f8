/**
 * What a route with `events` answers: a stream of server-sent events fed by PostgreSQL
 * notifications on `channel` (src/db/notifications.ts), so every instance on the database
 * sends the same events whichever served the write. The edge subscribes, sends
 * `eventOf(payload)` as one `data:` line of JSON for each notification it turns into
 * an event (undefined: not for this stream), heartbeats as comment lines, and
 * unsubscribes when the client leaves.
 */
export interface EventFeed<T> {
  channel: string;
  eventOf(payload: string): T | undefined;
}

import pg from 'pg';
import type { Logger } from '../logger';

/**
 * PostgreSQL notifications (LISTEN/NOTIFY) for the whole process: one listening
 * connection shared by every subscriber, a channel LISTENed once however many
 * subscribe to it. A writer calls pg_notify inside its transaction, so a
 * notification leaves only when the write commits, and reaches every process
 * listening on the database, whichever served the write.
 *
 * A subscriber's `notify` gets each payload of the channel, or null when
 * notifications may have been missed (the listening connection was lost and is
 * back): it then reads what it shows again. `end` is called when the process stops
 * listening (shutdown), so what a subscriber keeps open can close.
 */
export interface Notifications {
  /** Subscribes; the function returned unsubscribes. */
  subscribe(channel: string, subscriber: Subscriber): Promise<() => void>;
  /** Subscribers now, of every channel (what a client's disconnect must bring back down). */
  subscriberCount(): number;
  /** Ends every subscriber and the listening connection; later subscriptions are refused. */
  close(): Promise<void>;
}

export interface Subscriber {
  notify(payload: string | null): void;
  end(): void;
}

/** Subscribers by channel, and the LISTEN/UNLISTEN bookkeeping both engines share. */
function registry(engine: {
  listen(channel: string, deliver: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}): Notifications & { missed(): void } {
  const channels = new Map<string, Set<Subscriber>>();
  // LISTEN in flight per channel, so concurrent first subscribers wait for the same one.
  const listening = new Map<string, Promise<void>>();
  let closed = false;
  const deliver = (channel: string) => (payload: string) => {
    for (const sub of channels.get(channel) ?? []) sub.notify(payload);
  };
  return {
    async subscribe(channel, subscriber) {
      if (closed) throw new Error('No longer listening: the database is closing');
      let subs = channels.get(channel);
      if (!subs) channels.set(channel, (subs = new Set()));
      subs.add(subscriber);
      let started = listening.get(channel);
      if (!started) {
        started = engine.listen(channel, deliver(channel));
        listening.set(channel, started);
        started.catch(() => listening.delete(channel));
      }
      try {
        await started;
      } catch (err) {
        subs.delete(subscriber);
        throw err;
      }
      return () => {
        subs.delete(subscriber);
        // The channel stays LISTENed while its set is empty: the next subscriber needs no round trip,
        // and a notification to nobody costs a loop over an empty set.
      };
    },
    subscriberCount: () => [...channels.values()].reduce((n, s) => n + s.size, 0),
    async close() {
      if (closed) return;
      closed = true;
      const all = [...channels.values()].flatMap((subs) => [...subs]);
      channels.clear();
      for (const sub of all) sub.end();
      await engine.close();
    },
    missed() {
      for (const subs of channels.values()) for (const sub of subs) sub.notify(null);
    },
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * On PostgreSQL: a connection of its own (not the pool's: it stays in LISTEN), opened on
 * the first subscription. When it breaks it is opened again after `retryMs`, every channel
 * LISTENed again, and subscribers told that notifications may have been missed.
 */
export function postgresNotifications(url: string, logger: Logger, opts: { connectTimeoutMs: number; retryMs?: number }): Notifications {
  const retryMs = opts.retryMs ?? 2000;
  const channels = new Map<string, (payload: string) => void>();
  let client: Promise<pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: opts.connectTimeoutMs });
    const lost = (err?: Error) => {
      if (closed || client === undefined) return;
      client = undefined;
      c.removeAllListeners('end');
      c.end().catch(() => {});
      logger.warn({ err }, 'notification connection lost; listening again shortly');
      retry = setTimeout(() => {
        retry = undefined;
        if (closed || channels.size === 0) return;
        ensure().then(
          () => notes.missed(),
          () => lost(),
        );
      }, retryMs);
      retry.unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => channels.get(n.channel)?.(n.payload ?? ''));
    return c.connect().then(async () => {
      for (const channel of channels.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
      return c;
    });
  };
  const ensure = (): Promise<pg.Client> => {
    if (!client) {
      client = connect();
      client.catch(() => (client = undefined));
    }
    return client;
  };

  const notes = registry({
    async listen(channel, deliver) {
      channels.set(channel, deliver);
      try {
        const c = await ensure();
        await c.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (err) {
        channels.delete(channel);
        throw err;
      }
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = await client?.catch(() => undefined);
      client = undefined;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => {});
      }
    },
  });
  return notes;
}

/** What the embedded engine offers: PGlite's own listen, on its one in-process connection. */
export interface PgliteListen {
  listen(channel: string, callback: (payload: string) => void): Promise<(() => Promise<void>) | (() => void)>;
}

/** On embedded PGlite: its listen API; the process is the only one on the database, so nothing is ever missed. */
export function pgliteNotifications(pglite: PgliteListen): Notifications {
  const stops: (() => unknown)[] = [];
  return registry({
    async listen(channel, deliver) {
      stops.push(await pglite.listen(channel, deliver));
    },
    async close() {
      // The database closes after this; its listeners go with it.
      stops.length = 0;
    },
  });
}

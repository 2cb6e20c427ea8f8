import http from 'node:http';
import net from 'node:net';

// Graceful shutdown of an HTTP server behind a load balancer. Draining: the port stops taking
// connections (the balancer sends new ones to another instance), /readyz says 503, every answer
// from then on closes its connection, and the requests in flight finish. An idle kept-alive
// connection is left open while requests are in flight: a client may be sending on it this very
// moment, and its request is answered (with `Connection: close`) instead of being cut. Once
// nothing is in flight, or the grace is over, whatever connections remain are closed.

export interface Drain {
  /** True from the moment `close` is called: readiness says no. */
  readonly draining: boolean;
  /** Stops taking connections, lets the requests in flight finish up to `graceMs`, then cuts the rest. */
  close(graceMs: number): Promise<{ cut: boolean }>;
}

export function gracefulClose(server: http.Server): Drain {
  const inFlight = new Set<http.ServerResponse>();
  let draining = false;
  const closeIdleWhenQuiet = () => {
    if (draining && inFlight.size === 0) server.closeIdleConnections();
  };
  // Before the app's own listener, which may answer at once.
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight.add(res);
    if (draining && !res.headersSent) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight.delete(res);
      closeIdleWhenQuiet();
    });
  });
  return {
    get draining() {
      return draining;
    },
    async close(graceMs) {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      // net.Server's close, not http.Server's: that one would also cut the idle connections now.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      closeIdleWhenQuiet();
      let timer: NodeJS.Timeout | undefined;
      const cut = await Promise.race([
        closed.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
      ]);
      clearTimeout(timer);
      if (cut) server.closeAllConnections();
      await closed;
      return { cut };
    },
  };
}

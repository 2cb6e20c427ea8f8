import net from 'node:net';

/**
 * A loopback TCP proxy in front of PostgreSQL that a test can take down and
 * bring back on the same port, to play an outage of the database server.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server?.listening) return resolve();
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /**
     * Refuses new connections (ECONNREFUSED) and cuts the open ones: with
     * `reset`, abruptly (a TCP RST, ECONNRESET on the other side), else with a
     * FIN as a server going away would.
     */
    down: (how: { reset?: boolean } = {}) =>
      new Promise<void>((resolve) => {
        for (const s of sockets) {
          if (how.reset && !s.destroyed) s.resetAndDestroy();
          else s.destroy();
        }
        if (!server?.listening) return resolve();
        server.close(() => resolve());
      }),
    up: listen,
  };
}

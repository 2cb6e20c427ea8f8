import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config';
import { gracefulClose } from '../../src/http/graceful-close';
import { refused } from '../support/serve-instances';

// The HTTP side of a graceful shutdown, on a real server and real sockets: what is in flight
// finishes, nothing new is taken, and what outlives the grace is cut.

type Answer = { status: number; connection?: string; body: string };

/** A server whose /slow requests wait until `release()`; everything else answers at once. */
async function serve() {
  const waiting: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/slow') {
      waiting.push(() => res.end('slow done'));
      return;
    }
    res.end(drain.draining ? 'draining' : 'ready');
  });
  const drain = gracefulClose(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string, via: http.Agent | false = agent) =>
    new Promise<Answer>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent: via }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
        })
        .on('error', reject);
    });
  const slowArrived = async (count: number) => {
    while (waiting.length < count) await new Promise((r) => setImmediate(r));
  };
  return { server, drain, port, agent, get, slowArrived, release: () => waiting.splice(0).forEach((f) => f()) };
}

it('lets the request in flight finish, refuses new connections, answers on a kept-alive one with Connection: close', async () => {
  const s = await serve();
  expect(await s.get('/ready')).toMatchObject({ body: 'ready', connection: 'keep-alive' });
  const slow = s.get('/slow', false);
  await s.slowArrived(1);

  const closed = s.drain.close(60_000);
  expect(s.drain.draining).toBe(true);
  expect(await refused(s.port)).toBe(true);
  // The idle kept-alive connection is still open while a request is in flight: it is answered, then closed.
  expect(await s.get('/ready')).toEqual({ status: 200, body: 'draining', connection: 'close' });

  s.release();
  expect(await slow).toMatchObject({ status: 200, body: 'slow done', connection: 'close' });
  expect(await closed).toEqual({ cut: false });
  s.agent.destroy();
});

it('closes at once when nothing is in flight, idle kept-alive connections included', async () => {
  const s = await serve();
  await s.get('/ready');
  expect(await s.drain.close(60_000)).toEqual({ cut: false });
  expect(s.server.listening).toBe(false);
  s.agent.destroy();
});

it('cuts what is still in flight when the grace is over', async () => {
  const s = await serve();
  const slow = s.get('/slow', false);
  await s.slowArrived(1);
  expect(await s.drain.close(50)).toEqual({ cut: true });
  await expect(slow).rejects.toMatchObject({ code: 'ECONNRESET' });
  s.agent.destroy();
});

describe('settings', () => {
  it('SHUTDOWN_GRACE_MS: 10 s unless told, 0 or more', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs).toBe(2500);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it("TRUST_PROXY: Express's trust proxy, loopback unless told (names, a hop count, true or false)", () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal' }).trustProxy).toBe('uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 172.16.0.0/12' }).trustProxy).toBe('10.0.0.0/8, 172.16.0.0/12');
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});

import { Client } from 'pg';
import { startServe, type ServeProcess } from '../support/cli';
import { createTestDatabase } from '../support/postgres';
import { startTcpProxy } from '../support/tcp-proxy';

// The database connection is cut again and again under the real `casebook
// serve`, in a process of its own (only there can we see whether it would die):
// with an idle pool, during a read, during a bulk write (a transaction of
// several statements), while the pool reconnects, and by PostgreSQL ending the
// sessions itself. Every answer is then a success or 503, never a 500 and never
// a refused connection; the process lives on; the API and /readyz recover by
// themselves; and every write that was acknowledged is in the database afterwards.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let server: ServeProcess;
let projectId: number;
let labelIds: number[];
/** Ids of the tests that bulk writes reported as created (201). */
const acknowledged: number[] = [];
let batches = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const direct = new URL(database.url);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(database.url);
  viaProxy.port = String(proxy.port);
  server = await startServe({ DATABASE_URL: viaProxy.toString(), DATABASE_POOL_SIZE: '4', DATABASE_CONNECT_TIMEOUT_MS: '1000' });
  const [org] = (await call('GET', '/api/v1/orgs')).body!.data as { orgId: number }[];
  projectId = (
    (await call('POST', '/api/v1/project/create', { orgId: org.orgId, projectName: 'Outages' })).body!.data as { projectId: number }
  ).projectId;
  const labels = (await call('POST', '/api/v1/project/add-labels', { projectId, labels: ['smoke', 'slow'] })).body!.data as {
    labelId: number;
  }[];
  labelIds = labels.map((l) => l.labelId);
  expect((await bulkAdd(1000)).status).toBe(201);
});
afterAll(async () => {
  await proxy.up();
  if (server?.child.exitCode === null) await server.stop();
  await proxy.down();
  await database.drop();
});

interface Answer {
  status: number; // 0: no HTTP answer at all (refused, reset)
  body: { data?: unknown; error?: string; status?: number } | undefined;
  failure?: string;
}

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, body: undefined, failure: cause?.code ?? cause?.message ?? String(err) };
  }
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const unavailable = { error: 'Service unavailable', status: 503, code: 'database_unavailable' };

async function recovered(): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if ((await call('GET', '/readyz')).status === 200) return true;
    await sleep(50);
  }
  return false;
}

// A bulk write is one transaction: the tests, then their label links. Titles name the batch.
async function bulkAdd(size: number): Promise<Answer> {
  const batch = `b${batches++}`;
  const tests = Array.from({ length: size }, (_, i) => ({ title: `${batch}-${i}`, steps: 'step '.repeat(40), labels: labelIds }));
  const answer = await call('POST', '/api/v1/test/bulk-add', { projectId, tests });
  if (answer.status === 201) acknowledged.push(...(answer.body!.data as { testIds: number[] }).testIds);
  return answer;
}

const read = () => call('GET', `/api/v1/project/tests?projectId=${projectId}&limit=1000`);

// In flight at a cut: done before it (2xx) or 503; never a 500, never a dropped connection.
function expectDoneOrUnavailable(inFlight: Answer[]) {
  const outcome = (a: Answer) => (a.status === 503 ? a.body : a.status === 200 || a.status === 201 ? 'done' : a);
  expect(inFlight.map(outcome).filter((o) => o !== 'done')).toEqual(inFlight.filter((a) => a.status === 503).map(() => unavailable));
  expect(inFlight.some((a) => a.status === 503)).toBe(true); // the cuts did meet work in flight
}

// Acknowledged writes are there, counted in PostgreSQL itself; and each bulk write is all or nothing.
async function expectAcknowledgedStored() {
  const rows = await withClient(database.url, async (direct) => {
    const kept = await direct.query<{ n: string }>('SELECT count(*) AS n FROM tests WHERE id = ANY($1::int[])', [acknowledged]);
    const links = await direct.query<{ n: string }>('SELECT count(*) AS n FROM test_labels WHERE test_id = ANY($1::int[])', [acknowledged]);
    const perBatch = await direct.query<{ n: string }>(
      `SELECT count(*) AS n FROM tests WHERE project_id = $1 GROUP BY split_part(title, '-', 1)`,
      [projectId],
    );
    return { kept: Number(kept.rows[0].n), links: Number(links.rows[0].n), perBatch: perBatch.rows.map((r) => Number(r.n)) };
  });
  expect(rows.kept).toBe(acknowledged.length);
  expect(rows.links).toBe(acknowledged.length * labelIds.length);
  for (const n of rows.perBatch) expect([10, 100, 500, 1000, 2000]).toContain(n);
}

it('answers 503 through 20 cuts of the database, stays up, recovers, and keeps every acknowledged write', async () => {
  // What each moment of a cut has in flight (the idle pool has nothing).
  const moments: { name: string; work: () => Promise<Answer>[]; delays: number[] }[] = [
    { name: 'idle pool', work: () => [], delays: [0] },
    { name: 'a large read', work: () => [read(), read()], delays: [5, 20, 60] },
    { name: 'a bulk write', work: () => [bulkAdd(2000), read()], delays: [10, 60, 150, 400, 800] },
    { name: 'bulk writes side by side', work: () => [bulkAdd(500), bulkAdd(500), bulkAdd(500)], delays: [15, 50] },
  ];

  const inFlight: Answer[] = [];
  const whileDown: Answer[] = [];
  const afterRestore: Answer[] = [];
  for (let cut = 0; cut < 20; cut++) {
    const moment = moments[cut % moments.length];
    const delay = moment.delays[Math.floor(cut / moments.length) % moment.delays.length];
    const work = moment.work();
    await sleep(delay);
    // Half the cuts are abrupt (RST: ECONNRESET), half a clean close (FIN); new connections are refused.
    await proxy.down({ reset: cut % 2 === 0 });
    inFlight.push(...(await Promise.all(work)));

    whileDown.push(await call('GET', '/readyz'), await call('GET', '/api/v1/orgs'), await bulkAdd(10), await read());
    expect((await call('GET', '/healthz')).status).toBe(200);

    await proxy.up();
    // Cut again while the pool reconnects, every fourth time.
    if (cut % 4 === 3) {
      const reconnecting = [read(), bulkAdd(100)];
      await sleep(2);
      await proxy.down({ reset: true });
      inFlight.push(...(await Promise.all(reconnecting)));
      await proxy.up();
    }
    expect(await recovered()).toBe(true);
    afterRestore.push(await call('GET', '/api/v1/orgs'), await read(), await bulkAdd(100));
    expect(server.child.exitCode).toBeNull();
  }

  expectDoneOrUnavailable(inFlight);
  expect(whileDown.map((a) => [a.status, a.body])).toEqual(whileDown.map(() => [503, unavailable]));
  expect(afterRestore.map((a) => a.status)).toEqual(afterRestore.map((_, i) => (i % 3 === 2 ? 201 : 200)));

  await expectAcknowledgedStored();
}, 60_000);

it('answers 503 when PostgreSQL itself ends the sessions (57P01), and serves the next request', async () => {
  const inFlight: Answer[] = [];
  for (const delay of [5, 30, 100]) {
    const work = [bulkAdd(2000), read()];
    await sleep(delay);
    await withClient(database.url, (admin) =>
      admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database.name]),
    );
    inFlight.push(...(await Promise.all(work)));
    expect(await recovered()).toBe(true);
    expect((await call('GET', '/api/v1/orgs')).status).toBe(200);
  }
  expectDoneOrUnavailable(inFlight);
  await expectAcknowledgedStored();
});

it('stayed up all along, logged no error, and still stops cleanly', async () => {
  expect(server.child.exitCode).toBeNull();
  expect(server.output()).not.toMatch(/"level":(50|60)/);
  expect(await server.stop()).toBe(0);
});

/**
 * Webhook deliveries: `npx tsx bench/webhooks.ts` (npm run bench:webhooks).
 *
 * On a bench database (migrated as `casebook migrate` does, the job queue with it), one process
 * runs the delivery workers as the server starts them and a node:http receiver on loopback; writes
 * are transactions that move a project's counter and call emitEvent, as a results write does.
 *   - latency: 50 writes one after another, each timed from its commit to its delivery's arrival
 *   - throughput: 1,000 events written at once, delivered by one instance's workers
 *   - latency through the API: the real server (`casebook serve`, its own workers) takes 50 results
 *     writes (PUT /run/update-test-status, one result each) one after another; each is timed from its
 *     answer (the write acknowledged, so committed) to its results.updated delivery's arrival
 * Every figure is printed; nothing is asserted. Everything started is stopped.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config';
import { emitEvent } from '../src/domain/webhooks/emit';
import { startWebhookDeliveries } from '../src/domain/webhooks/worker';
import { startJobQueue } from '../src/jobs/queue';
import { createLogger } from '../src/logger';
import { openDatabase } from '../src/db/client';
import { createRun } from '../src/domain/runs/runs.service';
import { bulkAddTests } from '../src/domain/test-cases/bulk.service';
import {
  benchDatabaseUrl,
  dropDatabase,
  migrate,
  recreateDatabase,
  seedMember,
  seedProject,
  serverDatabaseUrl,
  startServer,
  stopServer,
} from './support';

const NAME = 'casebook_bench_webhooks';
const LATENCY_WRITES = 50;
const BURST = 1000;
const SERVER_PORT = Number(process.env.BENCH_PORT ?? 3943);

/** `values` sorted, as `median …, p95 …, max …` in ms. */
function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`;
}

async function main() {
  await recreateDatabase(NAME);
  const url = benchDatabaseUrl(NAME);
  migrate(url);
  // The server's pool size: the writes and the workers share it, as in `casebook serve`.
  const config = loadConfig({ DATABASE_URL: url, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', LOG_LEVEL: 'warn' });
  const db = await openDatabase(config);
  const arrivals: number[] = [];
  let onArrival = () => {};
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(performance.now());
      res.end('ok');
      onArrival();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const startWorkers = async () => {
    const q = await startJobQueue(db, createLogger('warn'), { pollingIntervalMs: config.jobPollIntervalMs });
    await startWebhookDeliveries(q, db.prisma, { ...config.webhooks, publicUrl: config.publicUrl });
    return q;
  };
  let queue = await startWorkers();
  try {
    const p = db.prisma;
    const member = await seedMember(p, 'Webhook bench', 'Admin');
    const { projectId } = await seedProject(p, member, 'Webhook bench');
    await p.webhook.create({
      data: {
        orgId: member.orgId,
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        events: ['results.updated'],
        secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
      },
    });
    const ctx = member.ctx;
    const write = () =>
      p.$transaction(async (tx) => {
        await tx.project.update({ where: { projectId }, data: { changeCount: { increment: 1 } } });
        await emitEvent(tx, ctx, {
          type: 'results.updated',
          orgId: member.orgId,
          projectId,
          data: { results: [{ testId: 1, status: 'passed' }] },
        });
      });
    const arrived = (n: number) =>
      new Promise<void>((resolve) => {
        onArrival = () => arrivals.length >= n && resolve();
        onArrival();
      });

    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_WRITES; i++) {
      const nth = arrivals.length + 1;
      await write();
      const committed = performance.now();
      await arrived(nth);
      latencies.push(arrivals[nth - 1] - committed);
    }
    console.log(`latency, commit → arrival (${LATENCY_WRITES} writes in a transaction calling emitEvent): ${spread(latencies)}`);

    // The burst is written with the workers stopped, then delivered: the queue drains alone.
    await queue.stop();
    const before = arrivals.length;
    const writing = performance.now();
    // 20 writers at once (the pool's size), as many testers marking results would be.
    let left = BURST;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (left-- > 0) await write();
      }),
    );
    const written = performance.now();
    queue = await startWorkers();
    const start = performance.now();
    await arrived(before + BURST);
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `writes: ${BURST} in ${(written - writing).toFixed(0)} ms (${((BURST * 1000) / (written - writing)).toFixed(0)}/s, 20 at once)`,
    );
    console.log(
      `throughput: ${BURST} queued deliveries in ${seconds.toFixed(2)} s: ${(BURST / seconds).toFixed(0)} deliveries/s (one instance)`,
    );

    // Through the API: the server delivers with its own workers, so this process's stop.
    await queue.stop();
    const { testIds } = await bulkAddTests(ctx, {
      projectId,
      tests: Array.from({ length: LATENCY_WRITES }, (_, i) => ({ title: `Webhook latency ${i}` })),
    });
    const { runId } = await createRun(ctx, { projectId, runName: 'Webhook latency', testIds });
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
    const server = await startServer({ serverDatabaseUrl: serverDatabaseUrl(NAME), poolSize: '20', port: SERVER_PORT });
    try {
      const acknowledged: number[] = [];
      const whole: number[] = [];
      for (const testId of testIds) {
        // Counted before sending: a delivery may arrive before the answer is read.
        const nth = arrivals.length + 1;
        const sent = performance.now();
        const res = await fetch(`http://127.0.0.1:${SERVER_PORT}/api/v1/run/update-test-status`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ runId, projectId, testResults: [{ testId, status: 'passed' }] }),
        });
        if (!res.ok) throw new Error(`update-test-status: HTTP ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        const answered = performance.now();
        await arrived(nth);
        acknowledged.push(arrivals[nth - 1] - answered);
        whole.push(arrivals[nth - 1] - sent);
      }
      console.log(`latency through the API, answer → arrival (${testIds.length} PUT /run/update-test-status): ${spread(acknowledged)}`);
      console.log(`latency through the API, request sent → arrival: ${spread(whole)}`);
    } finally {
      await stopServer(server);
    }
  } finally {
    await queue.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await db.close();
    await dropDatabase(NAME);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

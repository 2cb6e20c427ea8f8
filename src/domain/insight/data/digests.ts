import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';

// Run digests (run_digests, prisma/schema.prisma): each run's results packed into parallel byte
// arrays ordered by test id, so a read across 30 or 200 runs of 50,000 tests reads a few bytes
// per result instead of a row. A digest is rebuilt from run_tests, in one statement, when the
// run's results_version has moved since it was built; a finished run's digest is built once.

/** Status codes of a digest's statuses bytes; FLAKY_BIT is set on a result flaky in its run. */
export const STATUS_CODE = { untested: 0, passed: 1, failed: 2, blocked: 3, retest: 4 } as const;
export const FLAKY_BIT = 0x80;
export const NO_ELAPSED = -1;

/** One run's results, ordered by test id, as parallel arrays. */
export interface RunDigest {
  runId: number;
  size: number;
  testIds: Int32Array;
  /** The status code (STATUS_CODE) with FLAKY_BIT. */
  statuses: Uint8Array;
  /** Milliseconds, NO_ELAPSED when the result has none. */
  elapsedMs: Int32Array;
  /** Seconds since 1970 of the result's last change. */
  executedAt: Int32Array;
}

const code = Prisma.raw(
  `CASE rt.status WHEN 'passed' THEN 1 WHEN 'failed' THEN 2 WHEN 'blocked' THEN 3 WHEN 'retest' THEN 4 ELSE 0 END` +
    ` | CASE WHEN rt.flaky_in_run THEN ${FLAKY_BIT} ELSE 0 END`,
);
const packed = (value: Prisma.Sql) =>
  Prisma.sql`coalesce(string_agg(${value}, ''::bytea ORDER BY rt.test_id) FILTER (WHERE rt.test_id IS NOT NULL), ''::bytea)`;

/** Rebuilds the digests of these runs that are missing or stale, at most `batch` runs a statement. */
export async function refreshDigests(db: DbOrTx, runIds: number[], batch = 10): Promise<number> {
  if (runIds.length === 0) return 0;
  const stale = await db.$queryRaw<{ id: number }[]>`
    SELECT r.id FROM runs r LEFT JOIN run_digests d ON d.run_id = r.id
    WHERE r.id = ANY(${runIds}::int[]) AND (d.run_id IS NULL OR d.results_version <> r.results_version)`;
  for (let i = 0; i < stale.length; i += batch) {
    const ids = stale.slice(i, i + batch).map((r) => r.id);
    // The run's version and its results are read in one statement: one snapshot of both.
    await db.$executeRaw`
      INSERT INTO run_digests (run_id, results_version, test_ids, statuses, elapsed_ms, executed_at)
      SELECT r.id, r.results_version,
        ${packed(Prisma.sql`int4send(rt.test_id)`)},
        ${packed(Prisma.sql`set_byte('\\x00'::bytea, 0, ${code})`)},
        ${packed(Prisma.sql`int4send(coalesce(rt.elapsed_ms, ${NO_ELAPSED}))`)},
        ${packed(Prisma.sql`int4send(extract(epoch FROM rt.updated_at)::int)`)}
      FROM runs r LEFT JOIN run_tests rt ON rt.run_id = r.id
      WHERE r.id = ANY(${ids}::int[])
      GROUP BY r.id
      ON CONFLICT (run_id) DO UPDATE SET results_version = excluded.results_version, test_ids = excluded.test_ids,
        statuses = excluded.statuses, elapsed_ms = excluded.elapsed_ms, executed_at = excluded.executed_at
      WHERE run_digests.results_version < excluded.results_version`;
  }
  return stale.length;
}

/** Big-endian 32-bit integers (int4send) as an Int32Array, decoded once rather than on every access. */
function int32s(bytes: Uint8Array): Int32Array {
  const out = new Int32Array(bytes.length >> 2);
  for (let i = 0, b = 0; i < out.length; i++, b += 4) out[i] = (bytes[b] << 24) | (bytes[b + 1] << 16) | (bytes[b + 2] << 8) | bytes[b + 3];
  return out;
}

function digestOf(row: {
  runId: number;
  testIds: Uint8Array;
  statuses: Uint8Array;
  elapsedMs: Uint8Array;
  executedAt: Uint8Array;
}): RunDigest {
  return {
    runId: row.runId,
    size: row.statuses.length,
    testIds: int32s(row.testIds),
    statuses: row.statuses,
    elapsedMs: int32s(row.elapsedMs),
    executedAt: int32s(row.executedAt),
  };
}

/** The digests of these runs (refreshed first), in the order of `runIds`, `batch` runs held at a time. */
export async function* readDigests(db: DbOrTx, runIds: number[], batch = 20): AsyncGenerator<RunDigest> {
  await refreshDigests(db, runIds);
  for (let i = 0; i < runIds.length; i += batch) {
    const ids = runIds.slice(i, i + batch);
    const rows = await db.$queryRaw<
      { runId: number; testIds: Uint8Array; statuses: Uint8Array; elapsedMs: Uint8Array; executedAt: Uint8Array }[]
    >`
      SELECT run_id AS "runId", test_ids AS "testIds", statuses, elapsed_ms AS "elapsedMs", executed_at AS "executedAt"
      FROM run_digests WHERE run_id = ANY(${ids}::int[])`;
    const byId = new Map(rows.map((r) => [r.runId, r]));
    for (const id of ids) {
      const row = byId.get(id);
      // A run deleted since its id was read has no digest: it is skipped.
      if (row) yield digestOf(row);
    }
  }
}

import type { Db } from '../../src/db/client';
import type { LookupKind, TestStatus } from '../../src/generated/prisma/client';
import { recountLiveTests } from '../../src/domain/test-cases/data';

// Catalog rows written straight to the database: lookups, sections, labels,
// squads, tests, and runs with status history (the runs API is not needed).

/** kind → name → id of a project's seeded lookup entries. */
export async function lookupIds(db: Db, projectId: number): Promise<Record<LookupKind, Record<string, number>>> {
  const rows = await db.lookupEntry.findMany({ where: { projectId } });
  const out = {} as Record<LookupKind, Record<string, number>>;
  for (const row of rows) (out[row.kind] ??= {})[row.name] = row.id;
  return out;
}

export function createSection(db: Db, projectId: number, sectionName: string, parentSectionId: number | null = null) {
  return db.section.create({ data: { projectId, sectionName, parentSectionId } });
}

export function createLabel(db: Db, projectId: number, labelName: string) {
  return db.label.create({ data: { projectId, labelName, nameKey: labelName.trim().toLowerCase() } });
}

export function createSquad(db: Db, projectId: number, squadName: string) {
  return db.squad.create({ data: { projectId, squadName, nameKey: squadName.trim().toLowerCase() } });
}

type TestData = Partial<{
  title: string;
  sectionId: number;
  priorityId: number;
  typeId: number;
  automationStatusId: number;
  platformId: number;
  testCoveredById: number;
  squadId: number;
  deletedAt: Date;
}>;

/** Creates tests in one statement, titled `<prefix> <n>`; `each(i)` adds fields per test. Returns the ids in order. */
export async function createTests(db: Db, projectId: number, count: number, each: (i: number) => TestData = () => ({}), prefix = 'Test') {
  const rows = await db.test.createManyAndReturn({
    data: Array.from({ length: count }, (_, i) => ({ projectId, title: `${prefix} ${i}`, ...each(i) })),
    select: { testId: true },
  });
  // Written around the data module: the project's catalog counter is set from the rows, as the API keeps it.
  await recountLiveTests(db, projectId);
  return rows.map((r) => r.testId).sort((a, b) => a - b);
}

export function labelTests(db: Db, labelId: number, testIds: number[]) {
  return db.testLabel.createMany({ data: testIds.map((testId) => ({ testId, labelId })) });
}

/** A run holding the tests, each with the given status changes appended to its history in order. */
export async function createRunWithHistory(
  db: Db,
  projectId: number,
  runName: string,
  changes: { testId: number; status: TestStatus; comment?: string; userId?: number; createdAt?: Date }[],
) {
  const run = await db.run.create({ data: { projectId, runName } });
  const testIds = [...new Set(changes.map((c) => c.testId))];
  await db.runTest.createMany({ data: testIds.map((testId) => ({ runId: run.runId, testId })) });
  for (const change of changes) await db.statusHistory.create({ data: { runId: run.runId, ...change } });
  return run;
}

/** `count` live tests titled `<prefix> <n>` in one INSERT ... SELECT (for runs of real size). Returns the ids in order. */
export async function createManyTests(db: Db, projectId: number, count: number, prefix = 'Bulk') {
  const rows = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO tests (project_id, title, updated_at)
    SELECT ${projectId}, ${prefix}::text || ' ' || i, now() FROM generate_series(1, ${count}::int) AS i
    RETURNING id`;
  await recountLiveTests(db, projectId);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

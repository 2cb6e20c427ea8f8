import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';

// The attachments table: where an upload may go, the rows themselves, and the bytes of an
// organization in all (its quota).

/** The record as the API shows it (the storage key stays inside). */
export const recordSelect = {
  attachmentId: true,
  projectId: true,
  testId: true,
  runId: true,
  historyId: true,
  fileName: true,
  contentType: true,
  size: true,
  sha256: true,
  createdBy: true,
  createdAt: true,
} as const satisfies Prisma.AttachmentSelect;

/**
 * What an upload to (project, test[, run]) or a list of them needs to know, in one read: whether the
 * project is the caller's (and active, and its organization), the test live in it, the run in it
 * (and locked), the test in the run. Undefined: no such project for the caller.
 */
export async function findAttachmentTarget(db: DbOrTx, orgIds: number[], q: { projectId: number; testId: number; runId?: number }) {
  const runId = q.runId ?? null;
  const [row] = await db.$queryRaw<
    { orgId: number; isActive: boolean; testLive: boolean; runFound: boolean; runLocked: boolean; inRun: boolean }[]
  >`
    SELECT p.org_id AS "orgId", p.is_active AS "isActive",
      EXISTS (SELECT 1 FROM tests t WHERE t.id = ${q.testId} AND t.project_id = p.id AND t.deleted_at IS NULL) AS "testLive",
      EXISTS (SELECT 1 FROM runs r WHERE r.id = ${runId}::int AND r.project_id = p.id) AS "runFound",
      coalesce((SELECT r.locked FROM runs r WHERE r.id = ${runId}::int AND r.project_id = p.id), false) AS "runLocked",
      EXISTS (SELECT 1 FROM run_tests rt WHERE rt.run_id = ${runId}::int AND rt.test_id = ${q.testId}) AS "inRun"
    FROM projects p WHERE p.id = ${q.projectId} AND p.org_id = ANY(${orgIds}::int[])`;
  return row;
}

/** The test's current result in the run: its latest history entry (every test put in a run gets one). */
export async function currentHistoryId(db: DbOrTx, runId: number, testId: number): Promise<number | undefined> {
  const [row] = await db.$queryRaw<{ id: number }[]>`
    SELECT h.id FROM status_history h WHERE h.run_id = ${runId} AND h.test_id = ${testId} ORDER BY h.id DESC LIMIT 1`;
  return row?.id;
}

/** Each test's current result in the run (its latest history entry), by test id. */
export async function currentHistoryIds(db: DbOrTx, runId: number, testIds: number[]): Promise<Map<number, number>> {
  const rows = await db.$queryRaw<{ testId: number; id: number }[]>`
    SELECT DISTINCT ON (h.test_id) h.test_id AS "testId", h.id FROM status_history h
    WHERE h.run_id = ${runId} AND h.test_id = ANY(${testIds}::int[]) ORDER BY h.test_id, h.id DESC`;
  return new Map(rows.map((r) => [r.testId, r.id]));
}

/** Records of files already stored, each with its own target (one statement); answers how many. */
export async function insertAttachmentRows(
  db: DbOrTx,
  rows: (NewAttachment & {
    orgId: number;
    projectId: number;
    testId: number;
    runId: number;
    historyId: number | null;
    createdBy: number;
  })[],
): Promise<number> {
  if (rows.length === 0) return 0;
  return (await db.attachment.createMany({ data: rows })).count;
}

/** Bytes of the organization's attachments in all (the (org_id, size) index alone). */
export async function orgAttachmentBytes(db: DbOrTx, orgId: number): Promise<number> {
  const [row] = await db.$queryRaw<
    { bytes: bigint }[]
  >`SELECT coalesce(sum(size), 0)::bigint AS bytes FROM attachments WHERE org_id = ${orgId}`;
  return Number(row.bytes);
}

/**
 * Serializes the quota checks of one organization's uploads to the end of the transaction, so
 * two uploads cannot both pass a quota that holds only one of them.
 */
export async function lockOrgQuota(db: DbOrTx, orgId: number): Promise<void> {
  // In FROM: the lock's void result is no column the client has to read.
  await db.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('attachments quota'), ${orgId}::int)`;
}

export interface NewAttachment {
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
}

export async function insertAttachments(
  db: DbOrTx,
  target: { orgId: number; projectId: number; testId: number; runId: number | null; historyId: number | null; createdBy: number },
  files: NewAttachment[],
) {
  // One statement; ids follow the files' order.
  await db.attachment.createMany({ data: files.map((f) => ({ ...target, ...f })) });
  return db.attachment.findMany({
    where: { storageKey: { in: files.map((f) => f.storageKey) } },
    select: recordSelect,
    orderBy: { attachmentId: 'asc' },
  });
}

/** A page of a test case's files (runId null) or of its results' in a run, newest first, below `beforeId` when given. */
export async function attachmentPage(
  db: DbOrTx,
  q: { projectId: number; testId: number; runId: number | null; limit: number; offset: number; beforeId?: number },
) {
  const where = { projectId: q.projectId, testId: q.testId, runId: q.runId };
  const [rows, total] = await Promise.all([
    db.attachment.findMany({
      where: { ...where, ...(q.beforeId === undefined ? {} : { attachmentId: { lt: q.beforeId } }) },
      select: recordSelect,
      orderBy: { attachmentId: 'desc' },
      skip: q.offset,
      take: q.limit + 1,
    }),
    db.attachment.count({ where }),
  ]);
  return { rows, total };
}

/** One attachment of a project of `orgIds`, with its storage key. */
export function findAttachment(db: DbOrTx, orgIds: number[], projectId: number, attachmentId: number) {
  return db.attachment.findFirst({
    where: { attachmentId, projectId, project: { orgId: { in: orgIds } } },
    select: { ...recordSelect, storageKey: true, project: { select: { isActive: true } } },
  });
}

export async function deleteAttachmentRow(db: DbOrTx, attachmentId: number): Promise<void> {
  await db.attachment.deleteMany({ where: { attachmentId } });
}

/**
 * Deletes the rows of deleted tests (a test is deleted softly, so no foreign key removes
 * them); runs and projects are deleted for good and take their rows along. Answers how many.
 */
export function deleteRowsOfDeletedTests(db: DbOrTx): Promise<number> {
  return db.$executeRaw`DELETE FROM attachments a USING tests t WHERE t.id = a.test_id AND t.deleted_at IS NOT NULL`;
}

/** Of these storage keys, those some row names. */
export async function namedKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  const rows = await db.attachment.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } });
  return new Set(rows.map((r) => r.storageKey));
}

import type { DbOrTx, Tx } from '../../../db/client';

// The sections table's reads and writes (the tree walk is in tree.ts).

const sectionSelect = { sectionId: true, sectionName: true, parentSectionId: true, projectId: true, createdAt: true } as const;

// Serializes section writes per project, so the sibling-name check cannot race.
const SECTION_LOCK = 0x5ec7;
/** Takes the project's section lock until the transaction ends. */
export const lockSections = (tx: Tx, projectId: number) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(${SECTION_LOCK}::int, ${projectId}::int)`;

export async function sectionInProject(db: DbOrTx, projectId: number, sectionId: number): Promise<boolean> {
  const section = await db.section.findFirst({ where: { sectionId, projectId }, select: { sectionId: true } });
  return section !== null;
}

/**
 * The sibling (same project and parent) holding the name, compared case-insensitively, if any.
 * Plain equality of lower(): Prisma's case-insensitive `equals` is ILIKE, where %, _ and \
 * of a name would act as patterns.
 */
export async function siblingNamed(db: DbOrTx, projectId: number, parentSectionId: number | null, name: string, exceptId?: number) {
  const clash = await db.$queryRaw<{ sectionId: number; sectionName: string }[]>`
    SELECT id AS "sectionId", name AS "sectionName" FROM sections
     WHERE project_id = ${projectId} AND parent_id IS NOT DISTINCT FROM ${parentSectionId}::int
       AND lower(name) = lower(${name}) AND id IS DISTINCT FROM ${exceptId ?? null}::int
     LIMIT 1`;
  return clash.at(0);
}

/**
 * The name of a subsection of `sectionId` that a section under `parentSectionId`
 * (other than `sectionId`) already holds, case-insensitively: moving the
 * subsections there would duplicate it.
 */
export async function childNameClash(db: DbOrTx, sectionId: number, parentSectionId: number | null): Promise<string | undefined> {
  const clash = await db.$queryRaw<{ name: string }[]>`
    SELECT c.name FROM sections c JOIN sections s
      ON s.project_id = c.project_id AND s.parent_id IS NOT DISTINCT FROM ${parentSectionId}::int
     AND s.id <> ${sectionId} AND lower(s.name) = lower(c.name)
    WHERE c.parent_id = ${sectionId} LIMIT 1`;
  return clash[0]?.name;
}

export function insertSection(db: DbOrTx, s: { projectId: number; sectionName: string; parentSectionId: number | null }) {
  return db.section.create({ data: s, select: sectionSelect });
}

/** The section if its project belongs to one of `orgIds`, with whether that project is active. */
export function findSectionInOrgs(db: DbOrTx, sectionId: number, orgIds: number[]) {
  return db.section.findFirst({
    where: { sectionId, project: { orgId: { in: orgIds } } },
    select: { ...sectionSelect, project: { select: { isActive: true, orgId: true } } },
  });
}

export function updateSection(db: DbOrTx, sectionId: number, data: { sectionName: string; parentSectionId: number | null }) {
  return db.section.update({ where: { sectionId }, data, select: sectionSelect });
}

/** Moves the subsections of a section under another parent (null: the top level); returns how many moved. */
export async function moveSubsections(db: DbOrTx, sectionId: number, parentSectionId: number | null): Promise<number> {
  const moved = await db.section.updateMany({ where: { parentSectionId: sectionId }, data: { parentSectionId } });
  return moved.count;
}

export async function deleteSectionRow(db: DbOrTx, sectionId: number): Promise<void> {
  await db.section.delete({ where: { sectionId } });
}

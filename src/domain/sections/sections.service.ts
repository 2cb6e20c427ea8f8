import { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound, projectInactive } from '../../core/errors';
import { inCallerOrgs, requireProject } from '../access';
import { recordInProject } from '../audit/audit.service';
import type { AddSectionInput, EditSectionInput } from './sections.schemas';

type Tx = Prisma.TransactionClient;

const sectionSelect = { sectionId: true, sectionName: true, parentSectionId: true, projectId: true, createdAt: true } as const;
const duplicateName = () => conflict('Section already exists');
// Serializes section writes per project, so the sibling-name check cannot race.
const SECTION_LOCK = 0x5ec7;
const lockSections = (tx: Tx, projectId: number) => tx.$executeRaw`SELECT pg_advisory_xact_lock(${SECTION_LOCK}::int, ${projectId}::int)`;

/** Every section of the project with its depth, depth-first; siblings in creation order. */
export async function listSections(ctx: RequestContext, projectId: number) {
  await requireProject(ctx, projectId);
  return ctx.db.$queryRaw<{ sectionId: number; sectionName: string; parentSectionId: number | null; depth: number; projectId: number; createdAt: Date }[]>`
    WITH RECURSIVE tree AS (
      SELECT id, name, parent_id, project_id, created_at, 0 AS depth, ARRAY[id] AS path
        FROM sections WHERE project_id = ${projectId} AND parent_id IS NULL
      UNION ALL
      SELECT s.id, s.name, s.parent_id, s.project_id, s.created_at, t.depth + 1, t.path || s.id
        FROM sections s JOIN tree t ON s.parent_id = t.id
    )
    SELECT id AS "sectionId", name AS "sectionName", parent_id AS "parentSectionId",
           project_id AS "projectId", created_at AS "createdAt", depth
      FROM tree ORDER BY path`;
}

/** Ids from the section up to its root, the section first. */
async function ancestry(tx: Tx, sectionId: number): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, 0 AS n FROM sections WHERE id = ${sectionId}
      UNION ALL
      SELECT s.id, s.parent_id, up.n + 1 FROM sections s JOIN up ON s.id = up.parent_id
    )
    SELECT id FROM up ORDER BY n`;
  return rows.map((r) => r.id);
}

async function requireParentIn(tx: Tx, projectId: number, parentSectionId: number) {
  const parent = await tx.section.findFirst({ where: { sectionId: parentSectionId, projectId }, select: { sectionId: true } });
  if (!parent) throw badRequest('parentSectionId: Not a section of this project');
}

// Plain equality of lower(): Prisma's case-insensitive `equals` is ILIKE, where %, _ and \ of a
// name would act as patterns.
async function refuseSiblingName(tx: Tx, projectId: number, parentSectionId: number | null, name: string, exceptId?: number) {
  const clash = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM sections
     WHERE project_id = ${projectId} AND parent_id IS NOT DISTINCT FROM ${parentSectionId}::int
       AND lower(name) = lower(${name}) AND id IS DISTINCT FROM ${exceptId ?? null}::int
     LIMIT 1`;
  if (clash.length) throw duplicateName();
}

async function withDepth(tx: Tx, section: Omit<SectionRow, 'depth'>) {
  const depth = section.parentSectionId === null ? 0 : (await ancestry(tx, section.parentSectionId)).length;
  return { ...section, depth };
}
type SectionRow = Awaited<ReturnType<typeof listSections>>[number];

/** Section names are unique among siblings, compared case-insensitively (409). */
export async function addSection(ctx: RequestContext, input: AddSectionInput) {
  await requireProject(ctx, input.projectId, { active: true });
  const parentSectionId = input.parentSectionId ?? null;
  return ctx.db.$transaction(async (tx) => {
    await lockSections(tx, input.projectId);
    if (parentSectionId !== null) await requireParentIn(tx, input.projectId, parentSectionId);
    await refuseSiblingName(tx, input.projectId, parentSectionId, input.sectionName);
    const section = await tx.section.create({
      data: { projectId: input.projectId, sectionName: input.sectionName, parentSectionId },
      select: sectionSelect,
    });
    return withDepth(tx, section);
  });
}

async function requireWritableSection(ctx: RequestContext, sectionId: number) {
  const section = await ctx.db.section.findFirst({
    where: { sectionId, project: { orgId: inCallerOrgs(ctx) } },
    select: { ...sectionSelect, project: { select: { isActive: true } } },
  });
  if (!section) throw notFound('Section');
  if (!section.project.isActive) throw projectInactive();
  return section;
}

/** Renames a section and, when parentSectionId is given, moves it (never under itself). */
export async function editSection(ctx: RequestContext, input: EditSectionInput) {
  const current = await requireWritableSection(ctx, input.sectionId);
  const parentSectionId = input.parentSectionId === undefined ? current.parentSectionId : input.parentSectionId;
  return ctx.db.$transaction(async (tx) => {
    await lockSections(tx, current.projectId);
    if (parentSectionId !== null && parentSectionId !== current.parentSectionId) {
      await requireParentIn(tx, current.projectId, parentSectionId);
      if ((await ancestry(tx, parentSectionId)).includes(input.sectionId)) {
        throw badRequest('parentSectionId: A section cannot move under itself or its subsections');
      }
    }
    await refuseSiblingName(tx, current.projectId, parentSectionId, input.sectionName, input.sectionId);
    const section = await tx.section.update({
      where: { sectionId: input.sectionId },
      data: { sectionName: input.sectionName, parentSectionId },
      select: sectionSelect,
    });
    return withDepth(tx, section);
  });
}

/** Deletes a section; its tests and subsections move to its parent (or the top level). */
export async function deleteSection(ctx: RequestContext, sectionId: number) {
  const section = await requireWritableSection(ctx, sectionId);
  const parentSectionId = section.parentSectionId;
  return ctx.db.$transaction(async (tx) => {
    await lockSections(tx, section.projectId);
    const clash = await tx.$queryRaw<{ name: string }[]>`
      SELECT c.name FROM sections c JOIN sections s
        ON s.project_id = c.project_id AND s.parent_id IS NOT DISTINCT FROM ${parentSectionId}::int
       AND s.id <> ${sectionId} AND lower(s.name) = lower(c.name)
      WHERE c.parent_id = ${sectionId} LIMIT 1`;
    if (clash.length) throw conflict(`Section already exists: the parent already holds a section named "${clash[0].name}"`);
    // Soft-deleted tests move too: runs still show them, under the parent.
    const movedTests = await tx.test.updateMany({ where: { sectionId }, data: { sectionId: parentSectionId } });
    const movedSections = await tx.section.updateMany({ where: { parentSectionId: sectionId }, data: { parentSectionId } });
    await tx.section.delete({ where: { sectionId } });
    await recordInProject(tx, ctx.userId, section.projectId, {
      action: 'section.deleted', targetType: 'section', targetId: sectionId, detail: { projectId: section.projectId, sectionName: section.sectionName },
    });
    return { sectionId, deleted: true as const, parentSectionId, movedTests: movedTests.count, movedSections: movedSections.count };
  });
}

import type { Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound, projectInactive } from '../../core/errors';
import { requireProject } from '../access';
import { recordInProject } from '../audit/audit.service';
import { moveSectionTests } from '../test-cases/data';
import {
  childNameClash,
  deleteSectionRow,
  findSectionInOrgs,
  insertSection,
  listSectionTree,
  lockSections,
  moveSubsections,
  sectionInProject,
  sectionPlace,
  siblingNamed,
  updateSection,
  type SectionTreeRow,
} from './data';
import type { AddSectionInput, EditSectionInput } from './sections.schemas';
import { watchSectionTests } from '../webhooks/emitters/catalog-events';

/** The 409 of a name a sibling holds: it names that section, for a caller who meant to reuse it. */
const duplicateName = (existing: { sectionId: number; sectionName: string }) =>
  conflict(
    'duplicate_name',
    `Section already exists: sectionId ${existing.sectionId} (${JSON.stringify(existing.sectionName)}) has that name under the same parent`,
  );

/** Every section of the project with its depth, in tree order (depth-first, siblings by name then id). */
export async function listSections(ctx: RequestContext, projectId: number) {
  await requireProject(ctx, projectId);
  return listSectionTree(ctx.db, projectId);
}

async function requireParentIn(tx: Tx, projectId: number, parentSectionId: number) {
  if (!(await sectionInProject(tx, projectId, parentSectionId)))
    throw badRequest('parentSectionId: Not a section of this project', 'invalid_reference');
}

async function refuseSiblingName(tx: Tx, projectId: number, parentSectionId: number | null, name: string, exceptId?: number) {
  const existing = await siblingNamed(tx, projectId, parentSectionId, name, exceptId);
  if (existing) throw duplicateName(existing);
}

async function withDepth(tx: Tx, section: Omit<SectionTreeRow, 'depth'>): Promise<SectionTreeRow> {
  const place = await sectionPlace(tx, section.projectId, section.sectionId);
  return { ...section, depth: place!.depth };
}

/** Section names are unique among siblings, compared case-insensitively (409). */
export async function addSection(ctx: RequestContext, input: AddSectionInput) {
  await requireProject(ctx, input.projectId, { active: true });
  const parentSectionId = input.parentSectionId ?? null;
  return ctx.db.$transaction(async (tx) => {
    await lockSections(tx, input.projectId);
    if (parentSectionId !== null) await requireParentIn(tx, input.projectId, parentSectionId);
    await refuseSiblingName(tx, input.projectId, parentSectionId, input.sectionName);
    const section = await insertSection(tx, { projectId: input.projectId, sectionName: input.sectionName, parentSectionId });
    const placed = await withDepth(tx, section);
    return placed;
  });
}

async function requireWritableSection(ctx: RequestContext, sectionId: number) {
  const section = await findSectionInOrgs(ctx.db, sectionId, ctx.orgIds);
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
      // The new parent's ids from its root include the section: it is the section or one of its subsections.
      if ((await sectionPlace(tx, current.projectId, parentSectionId))!.ids.includes(input.sectionId)) {
        throw badRequest('parentSectionId: A section cannot move under itself or its subsections');
      }
    }
    await refuseSiblingName(tx, current.projectId, parentSectionId, input.sectionName, input.sectionId);
    const section = await updateSection(tx, input.sectionId, { sectionName: input.sectionName, parentSectionId });
    const placed = await withDepth(tx, section);
    return placed;
  });
}

/** Deletes a section; its tests and subsections move to its parent (or the top level). */
export async function deleteSection(ctx: RequestContext, sectionId: number) {
  const section = await requireWritableSection(ctx, sectionId);
  const parentSectionId = section.parentSectionId;
  return ctx.db.$transaction(async (tx) => {
    await lockSections(tx, section.projectId);
    const clash = await childNameClash(tx, sectionId, parentSectionId);
    if (clash !== undefined)
      throw conflict('duplicate_name', `Section already exists: the parent already holds a section named "${clash}"`);
    // Soft-deleted tests move too: runs still show them, under the parent.
    const moved = await watchSectionTests(tx, ctx, { orgId: section.project.orgId, projectId: section.projectId }, sectionId);
    const movedTests = await moveSectionTests(tx, sectionId, parentSectionId);
    await moved.emit();
    const movedSections = await moveSubsections(tx, sectionId, parentSectionId);
    await deleteSectionRow(tx, sectionId);
    await recordInProject(tx, ctx, section.projectId, {
      action: 'section.deleted',
      targetType: 'section',
      targetId: sectionId,
      detail: { projectId: section.projectId, sectionName: section.sectionName },
    });
    return { sectionId, deleted: true as const, parentSectionId, movedTests, movedSections };
  });
}

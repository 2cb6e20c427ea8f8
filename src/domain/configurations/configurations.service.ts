import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound, projectInactive } from '../../core/errors';
import type { DbOrTx, Tx } from '../../db/client';
import { requireProject } from '../access';
import { recordInProject } from '../audit/audit.service';
import { deleteGroupRow, groupRows, insertGroup, lockGroup, renameGroup, takenGroupName, writeOptions, type GroupRef } from './data';
import type { AddGroupInput, EditGroupInput } from './configurations.schemas';

// Configuration groups and their options: list, add, edit (the whole option list at once), delete.

export async function listConfigurations(ctx: RequestContext, projectId: number) {
  await requireProject(ctx, projectId);
  return { groups: await groupRows(ctx.db, projectId) };
}

async function groupRecord(db: DbOrTx, projectId: number, groupId: number) {
  const [record] = await groupRows(db, projectId, groupId);
  return record;
}

const nameTaken = (name: string) =>
  conflict('duplicate_name', `Configuration group already exists: the project has a group named "${name}"`);

/** Another group of the project named so, compared case-insensitively: 409 duplicate_name. */
async function requireFreeName(tx: Tx, projectId: number, name: string, exceptId?: number) {
  const taken = await takenGroupName(tx, projectId, name, exceptId);
  if (taken !== undefined) throw nameTaken(taken);
}

export async function addConfigurationGroup(ctx: RequestContext, input: AddGroupInput) {
  await requireProject(ctx, input.projectId, { active: true });
  const groupId = await ctx.db.$transaction(async (tx) => {
    await requireFreeName(tx, input.projectId, input.name);
    const id = await insertGroup(tx, input.projectId, input.name);
    if (id === undefined) throw nameTaken(input.name);
    await writeOptions(
      tx,
      id,
      input.options.map((name) => ({ name })),
    );
    return id;
  });
  return groupRecord(ctx.db, input.projectId, groupId);
}

/** The group for a write: locked for the transaction, in an active project (404 naming the project when that is what the caller cannot see). */
async function takeForWrite(tx: Tx, ctx: RequestContext, projectId: number, groupId: number): Promise<GroupRef> {
  const ref = await lockGroup(tx, ctx.orgIds, projectId, groupId);
  if (!ref) {
    await requireProject(ctx, projectId);
    throw notFound('Configuration group');
  }
  if (!ref.projectActive) throw projectInactive();
  return ref;
}

export async function editConfigurationGroup(ctx: RequestContext, input: EditGroupInput) {
  await ctx.db.$transaction(async (tx) => {
    const ref = await takeForWrite(tx, ctx, input.projectId, input.groupId);
    if (input.name !== undefined) await requireFreeName(tx, input.projectId, input.name, ref.groupId);
    if (input.options) {
      const own = new Set(ref.optionIds);
      const strangers = input.options.flatMap((o, i) => (o.optionId !== undefined && !own.has(o.optionId) ? [i] : []));
      if (strangers.length > 0)
        throw badRequest(
          strangers.map((i) => `options.${i}.optionId: No option ${input.options![i].optionId} in group ${ref.groupId}`).join('; '),
          'invalid_reference',
        );
      await writeOptions(tx, ref.groupId, input.options);
    }
    await renameGroup(tx, ref.groupId, input.name);
  });
  return groupRecord(ctx.db, input.projectId, input.groupId);
}

/** Deletes the group and its options; runs made with them keep their names and option ids. */
export async function deleteConfigurationGroup(ctx: RequestContext, input: { projectId: number; groupId: number }) {
  return ctx.db.$transaction(async (tx) => {
    const ref = await takeForWrite(tx, ctx, input.projectId, input.groupId);
    await deleteGroupRow(tx, ref.groupId);
    await recordInProject(tx, ctx, input.projectId, {
      action: 'configuration-group.deleted',
      targetType: 'configuration-group',
      targetId: ref.groupId,
      detail: { projectId: input.projectId, name: ref.name, options: ref.optionIds.length },
    });
    return { groupId: ref.groupId, deleted: true as const };
  });
}

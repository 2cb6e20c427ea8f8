import type { RequestContext } from '../../core/context';
import { conflict, notFound, projectInactive } from '../../core/errors';
import { requireProject } from '../access';
import { recordInProject } from '../audit/audit.service';
import { usageText, valueUsage, type ValueRef } from '../test-cases/data';
import {
  deleteNameRecord,
  findNameInOrgs,
  insertNames,
  listNameRecords,
  lockNameRecord,
  nameTaken,
  renameNameRecord,
  type NameSetKind,
} from './data';

export { labelKind, squadKind, type NameSetKind } from './data';

// What tells the two name sets apart beyond their table: their word, where tests hold them, their audit entry.
const about = {
  labels: { noun: 'Label', ref: { column: 'label' }, deleted: 'label.deleted', target: 'label' },
  squads: { noun: 'Squad', ref: { column: 'squad_id', snapshotKey: 'squadId' }, deleted: 'squad.deleted', target: 'squad' },
} as const satisfies Record<NameSetKind<string, string>['table'], { ref: ValueRef; [k: string]: unknown }>;

export async function listNames<Id extends string, Name extends string>(
  ctx: RequestContext,
  kind: NameSetKind<Id, Name>,
  projectId: number,
) {
  await requireProject(ctx, projectId);
  return listNameRecords(ctx.db, kind, projectId);
}

/**
 * Adds the names that are new (trimmed; compared case-insensitively) and returns
 * the records of all given names in the order given, existing ones included.
 */
export async function addNames<Id extends string, Name extends string>(
  ctx: RequestContext,
  kind: NameSetKind<Id, Name>,
  projectId: number,
  names: string[],
) {
  await requireProject(ctx, projectId, { active: true });
  const byKey = new Map<string, string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (!byKey.has(key)) byKey.set(key, name);
  }
  return ctx.db.$transaction(async (tx) => {
    const records = await insertNames(
      tx,
      kind,
      projectId,
      [...byKey].map(([key, name]) => ({ name, key })),
    );
    return records;
  });
}

async function requireWritable<Id extends string, Name extends string>(ctx: RequestContext, kind: NameSetKind<Id, Name>, id: number) {
  const record = await findNameInOrgs(ctx.db, kind, id, ctx.orgIds);
  if (!record) throw notFound(about[kind.table].noun);
  if (!record.isActive) throw projectInactive();
  return record;
}

/** Renames a label or squad; the name stays unique in the project, compared case-insensitively (409). */
export async function renameName<Id extends string, Name extends string>(
  ctx: RequestContext,
  kind: NameSetKind<Id, Name>,
  id: number,
  name: string,
) {
  const { projectId } = await requireWritable(ctx, kind, id);
  return ctx.db.$transaction(async (tx) => {
    if (await nameTaken(tx, kind, projectId, name, id)) throw conflict('duplicate_name', `${about[kind.table].noun} already exists`);
    const record = await renameNameRecord(tx, kind, id, name);
    return record;
  });
}

/** Deletes a label or squad that nothing uses (409 in_use, counting what does). */
export async function deleteName<Id extends string, Name extends string>(ctx: RequestContext, kind: NameSetKind<Id, Name>, id: number) {
  const record = await requireWritable(ctx, kind, id);
  const { noun, ref, deleted, target } = about[kind.table];
  return ctx.db.$transaction(async (tx) => {
    if (!(await lockNameRecord(tx, kind, id))) throw notFound(noun);
    const usage = await valueUsage(tx, record.projectId, ref, id);
    if (usage.tests + usage.runs > 0) throw conflict('in_use', `${noun} is in use by ${usageText(usage)}`);
    await deleteNameRecord(tx, kind, id);
    await recordInProject(tx, ctx, record.projectId, {
      action: deleted,
      targetType: target,
      targetId: id,
      detail: { projectId: record.projectId, name: record[kind.nameKey] },
    });
    return { [kind.idKey]: id, deleted: true as const } as Record<Id, number> & { deleted: true };
  });
}

import type { RequestContext } from '../../core/context';
import { requireProject } from '../access';
import { insertNames, listNameRecords, type NameSetKind } from './data';

export { labelKind, squadKind, type NameSetKind } from './data';

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

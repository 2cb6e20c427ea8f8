import { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { requireProject } from '../access';

/** Where one kind of project name set lives and how its records name their fields. */
export interface NameSetKind<Id extends string, Name extends string> {
  table: 'labels' | 'squads';
  idKey: Id;
  nameKey: Name;
}
export const labelKind: NameSetKind<'labelId', 'labelName'> = { table: 'labels', idKey: 'labelId', nameKey: 'labelName' };
export const squadKind: NameSetKind<'squadId', 'squadName'> = { table: 'squads', idKey: 'squadId', nameKey: 'squadName' };

type NameRecord<Id extends string, Name extends string> = Record<Id, number> & Record<Name, string> & { projectId: number; createdAt: Date };

// Table and alias names come from the constants above, never from input.
const columns = (kind: NameSetKind<string, string>) =>
  Prisma.raw(`id AS "${kind.idKey}", name AS "${kind.nameKey}", project_id AS "projectId", created_at AS "createdAt"`);

export async function listNames<Id extends string, Name extends string>(ctx: RequestContext, kind: NameSetKind<Id, Name>, projectId: number) {
  await requireProject(ctx, projectId);
  return ctx.db.$queryRaw<NameRecord<Id, Name>[]>`
    SELECT ${columns(kind)} FROM ${Prisma.raw(kind.table)} WHERE project_id = ${projectId} ORDER BY id`;
}

/**
 * Adds the names that are new (trimmed; compared case-insensitively) and returns
 * the records of all given names in the order given, existing ones included.
 */
export async function addNames<Id extends string, Name extends string>(
  ctx: RequestContext, kind: NameSetKind<Id, Name>, projectId: number, names: string[],
) {
  await requireProject(ctx, projectId, { active: true });
  const byKey = new Map<string, string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (!byKey.has(key)) byKey.set(key, name);
  }
  const keys = [...byKey.keys()];
  const table = Prisma.raw(kind.table);
  // ON CONFLICT makes concurrent adds of the same name safe: one wins, both return it.
  await ctx.db.$executeRaw`
    INSERT INTO ${table} (project_id, name, name_key)
    SELECT ${projectId}, v.name, v.key FROM unnest(${[...byKey.values()]}::text[], ${keys}::text[]) AS v(name, key)
    ON CONFLICT (project_id, name_key) DO NOTHING`;
  return ctx.db.$queryRaw<NameRecord<Id, Name>[]>`
    SELECT ${columns(kind)} FROM ${table} JOIN unnest(${keys}::text[]) WITH ORDINALITY AS k(key, n) ON name_key = k.key
    WHERE project_id = ${projectId} ORDER BY k.n`;
}

import type { LookupKind } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { conflict, notFound, projectInactive } from '../../core/errors';
import { requireProject } from '../access';
import { recordInProject } from '../audit/audit.service';
import { usageText, valueUsage, type ValueRef } from '../test-cases/data';
import {
  deleteLookupEntry,
  findLookupInOrgs,
  insertLookup,
  listLookupEntries,
  lockLookupEntry,
  lockLookups,
  lookupNameTaken,
  renameLookup,
} from './data';
import { lookupKinds, type AddLookupInput, type LookupKindName } from './lookups.schemas';

/** Where tests hold each list's ids, and which a locked run keeps (runs/data/snapshot.ts). */
const refs: Record<LookupKind, ValueRef> = {
  priority: { column: 'priority_id', snapshotKey: 'priorityId' },
  platform: { column: 'platform_id' },
  automation_status: { column: 'automation_status_id', snapshotKey: 'automationStatusId' },
  type: { column: 'type_id', snapshotKey: 'typeId' },
  test_covered_by: { column: 'test_covered_by_id' },
};

// Each list's word in messages (the MCP tips find the listing tool by it, src/mcp/error-tips.ts).
const nouns: Record<LookupKind, string> = {
  priority: 'Priority',
  platform: 'Platform',
  automation_status: 'Automation status',
  type: 'Type',
  test_covered_by: 'Test covered by kind',
};

const kindName = Object.fromEntries(Object.entries(lookupKinds).map(([api, db]) => [db, api])) as Record<LookupKind, LookupKindName>;
const asRecord = (e: { id: number; name: string; kind: LookupKind; projectId: number }) => ({ ...e, kind: kindName[e.kind] });
const duplicate = (kind: LookupKind) => conflict('duplicate_name', `${nouns[kind]} already exists`);

/** One lookup list of a project, in its seeded order. */
export async function listLookup(ctx: RequestContext, projectId: number, kind: LookupKind) {
  await requireProject(ctx, projectId);
  return listLookupEntries(ctx.db, projectId, kind);
}

/** Adds an entry at the end of its list; names are unique in a list, compared case-insensitively (409). */
export async function addLookup(ctx: RequestContext, input: AddLookupInput) {
  await requireProject(ctx, input.projectId, { active: true });
  const kind = lookupKinds[input.kind];
  return ctx.db.$transaction(async (tx) => {
    await lockLookups(tx, input.projectId);
    if (await lookupNameTaken(tx, input.projectId, kind, input.name)) throw duplicate(kind);
    return asRecord(await insertLookup(tx, input.projectId, kind, input.name));
  });
}

async function requireWritable(ctx: RequestContext, id: number) {
  const entry = await findLookupInOrgs(ctx.db, id, ctx.orgIds);
  if (!entry) throw notFound('Lookup entry');
  if (!entry.project.isActive) throw projectInactive();
  return entry;
}

/** Renames an entry; tests that hold it show the new name (a locked run keeps the priority name it froze). */
export async function editLookup(ctx: RequestContext, id: number, name: string) {
  const entry = await requireWritable(ctx, id);
  return ctx.db.$transaction(async (tx) => {
    await lockLookups(tx, entry.projectId);
    if (await lookupNameTaken(tx, entry.projectId, entry.kind, name, id)) throw duplicate(entry.kind);
    return asRecord(await renameLookup(tx, id, name));
  });
}

/** Deletes an entry that nothing uses (409 in_use, counting what does). */
export async function deleteLookup(ctx: RequestContext, id: number) {
  const entry = await requireWritable(ctx, id);
  return ctx.db.$transaction(async (tx) => {
    if (!(await lockLookupEntry(tx, id))) throw notFound('Lookup entry');
    const usage = await valueUsage(tx, entry.projectId, refs[entry.kind], id);
    if (usage.tests + usage.runs > 0) throw conflict('in_use', `${nouns[entry.kind]} is in use by ${usageText(usage)}`);
    await deleteLookupEntry(tx, id);
    await recordInProject(tx, ctx, entry.projectId, {
      action: 'lookup.deleted',
      targetType: 'lookup',
      targetId: id,
      detail: { projectId: entry.projectId, kind: kindName[entry.kind], name: entry.name },
    });
    return { lookupId: id, deleted: true as const };
  });
}

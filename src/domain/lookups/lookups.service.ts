import type { LookupKind } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { requireProject } from '../access';
import { listLookupEntries } from './data';

/** One lookup list of a project, in its seeded order. */
export async function listLookup(ctx: RequestContext, projectId: number, kind: LookupKind) {
  await requireProject(ctx, projectId);
  return listLookupEntries(ctx.db, projectId, kind);
}

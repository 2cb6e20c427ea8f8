import type { LookupKind } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { requireProject } from '../access';

/** One lookup list of a project, in its seeded order. */
export async function listLookup(ctx: RequestContext, projectId: number, kind: LookupKind) {
  await requireProject(ctx, projectId);
  return ctx.db.lookupEntry.findMany({
    where: { projectId, kind },
    select: { id: true, name: true },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  });
}

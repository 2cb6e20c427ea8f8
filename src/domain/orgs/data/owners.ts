import type { DbOrTx } from '../../../db/client';

// Which organization owns a record: the access check of every route that names
// an id (src/domain/access.ts reads the ids from the input). Its answer is an
// organization, so the query lives with them, though it reads the tables of
// projects, runs, sections, labels, squads, lookup entries and tests.

/** The ids in a request's input that name something an organization owns. */
export interface OwnedRefs {
  orgId?: number;
  projectId?: number;
  runId?: number;
  sectionId?: number;
  labelId?: number;
  squadId?: number;
  lookupId?: number;
  sharedStepsId?: number;
  testIds: number[];
}

/** Which of `memberOrgIds` own the referenced records (one round trip). */
export async function orgsOwning(db: DbOrTx, refs: OwnedRefs, memberOrgIds: number[]): Promise<number[]> {
  const rows = await db.$queryRaw<{ org_id: number }[]>`
    SELECT DISTINCT org_id FROM (
      SELECT id AS org_id FROM organizations WHERE id = ${refs.orgId ?? null}::int
      UNION ALL SELECT org_id FROM projects WHERE id = ${refs.projectId ?? null}::int
      UNION ALL SELECT p.org_id FROM runs r JOIN projects p ON p.id = r.project_id WHERE r.id = ${refs.runId ?? null}::int
      UNION ALL SELECT p.org_id FROM sections s JOIN projects p ON p.id = s.project_id WHERE s.id = ${refs.sectionId ?? null}::int
      UNION ALL SELECT p.org_id FROM labels l JOIN projects p ON p.id = l.project_id WHERE l.id = ${refs.labelId ?? null}::int
      UNION ALL SELECT p.org_id FROM squads s JOIN projects p ON p.id = s.project_id WHERE s.id = ${refs.squadId ?? null}::int
      UNION ALL SELECT p.org_id FROM lookup_entries e JOIN projects p ON p.id = e.project_id WHERE e.id = ${refs.lookupId ?? null}::int
      UNION ALL SELECT p.org_id FROM shared_steps s JOIN projects p ON p.id = s.project_id WHERE s.id = ${refs.sharedStepsId ?? null}::int
      UNION ALL SELECT p.org_id FROM tests t JOIN projects p ON p.id = t.project_id WHERE t.id = ANY(${refs.testIds}::int[])
    ) owners WHERE org_id = ANY(${memberOrgIds}::int[])`;
  return rows.map((r) => Number(r.org_id));
}

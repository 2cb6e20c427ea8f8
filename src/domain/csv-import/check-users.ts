import type { DbOrTx } from '../../db/client';
import { projectMemberIds } from '../custom-fields/data';
import type { ImportCatalog } from './catalog';
import type { RowError } from './csv-import.schemas';
import type { PlannedTest } from './planned-test';

/**
 * A user field's value must be a member of the project's organization, as at POST /test/create:
 * one query for every user a batch of tests names, a row error for each that is not (the test is then not written).
 */
export async function checkUserValues(
  db: DbOrTx,
  projectId: number,
  tests: PlannedTest[],
  errors: RowError[],
  catalog: ImportCatalog,
  header: (key: string) => string | null,
) {
  const userFields = [...catalog.customFields.values()].filter((f) => f.type === 'user');
  if (userFields.length === 0) return;
  const named = tests.flatMap((t) =>
    userFields.flatMap((f) => (typeof t.customFields[f.key] === 'number' ? [t.customFields[f.key] as number] : [])),
  );
  if (named.length === 0) return;
  const members = await projectMemberIds(db, projectId, [...new Set(named)]);
  for (const test of tests)
    for (const field of userFields) {
      const id = test.customFields[field.key];
      if (typeof id !== 'number' || members.has(id)) continue;
      errors.push({ row: test.row, column: header(field.key), reason: `User ${id} is not a member of the project's organization` });
      test.bad = true;
    }
}

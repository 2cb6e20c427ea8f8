import type { Tx } from '../../db/client';
import { insertNames, labelKind } from '../labels/data';
import { ensureSectionPaths } from '../sections/data';
import { requireFreeAutomationKeys } from '../test-cases/automation-keys';
import { requireReferencesInProject } from '../test-cases/references';
import { insertTests } from '../test-cases/data';
import type { TestFieldsInput } from '../test-cases/test-cases.schemas';
import { nameKey } from './catalog';
import type { PlannedTest } from './plan-import';

// Step 4: a batch of good tests written in the import's transaction, through the catalog's write
// path (versions recorded, the project's test count moved), with the checks of POST /test/bulk-add:
// ids of this project, keys no live test holds (taken since the batch was planned: 409). Sections
// and labels the batch names are created (or found) once, their ids kept for the batches after.

export type BatchWriter = (tests: PlannedTest[]) => Promise<void>;

/** Writes batches of the import's tests; `created` gets the ids of the tests written (for tests.changed). */
export function batchWriter(tx: Tx, projectId: number, userId: number, created: number[] = []): BatchWriter {
  const sectionIds = new Map<string, number>();
  const labelIds = new Map<string, number>();
  const pathKey = (path: string[]) => nameKey(path.join('\u0000'));

  return async (tests) => {
    const paths = new Map<string, string[]>();
    for (const t of tests) if (t.section && !sectionIds.has(pathKey(t.section))) paths.set(pathKey(t.section), t.section);
    if (paths.size > 0) {
      const ids = await ensureSectionPaths(tx, projectId, [...paths.values()]);
      [...paths.keys()].forEach((key, i) => sectionIds.set(key, ids[i]!));
    }
    const labels = new Map<string, string>();
    for (const t of tests) for (const name of t.labels) if (!labelIds.has(nameKey(name))) labels.set(nameKey(name), name.trim());
    if (labels.size > 0) {
      const rows = await insertNames(
        tx,
        labelKind,
        projectId,
        [...labels].map(([key, name]) => ({ name, key })),
      );
      for (const l of rows) labelIds.set(l.labelName.toLowerCase(), l.labelId);
    }
    const items = tests.map((t): TestFieldsInput & { title: string } => ({
      title: t.title,
      testDescription: t.testDescription,
      preconditions: t.preconditions,
      steps: t.steps,
      expectedResult: t.expectedResult,
      sectionId: t.section ? sectionIds.get(pathKey(t.section))! : null,
      priorityId: t.lookups.priority?.id ?? null,
      typeId: t.lookups.type?.id ?? null,
      automationStatusId: t.lookups.automation_status?.id ?? null,
      platformId: t.lookups.platform?.id ?? null,
      testCoveredById: t.lookups.test_covered_by?.id ?? null,
      squadId: t.squad?.id ?? null,
      automationKey: t.automationKey,
      labels: t.labels.map((name) => labelIds.get(nameKey(name))!),
      customFields: t.customFields,
    }));
    await requireReferencesInProject(
      tx,
      items.map((fields, j) => ({ projectId, fields, at: `row ${tests[j].row}: ` })),
    );
    await requireFreeAutomationKeys(
      tx,
      items.map((fields) => ({ projectId, automationKey: fields.automationKey })),
    );
    for (const id of await insertTests(tx, projectId, userId, items)) created.push(id);
  };
}

import { createTestBody } from '../test-cases/test-cases.schemas';
import type { RowError } from './csv-import.schemas';
import type { PlannedTest } from './planned-test';

// Each planned test's own values checked by the schema of POST /test/add (lengths of the title,
// texts, steps and automation key; the shape of custom field values), so an import takes what a
// create takes; a fault is the row's error at the column that holds the field.

const fieldsChecked = createTestBody.pick({
  title: true,
  testDescription: true,
  preconditions: true,
  steps: true,
  expectedResult: true,
  automationKey: true,
  customFields: true,
});

/** The import's field (a mapping target) behind a field of the create body. */
const sourceOf = (path: PropertyKey[], stepColumns: boolean): string => {
  const [field, key] = path.map(String);
  if (field === 'testDescription') return 'description';
  if (field === 'steps') return stepColumns ? 'stepAction' : 'steps';
  if (field === 'customFields' && key) return `cf_${key}`;
  return field;
};

/** Adds an error for each fault of the test to `errors`, true when it had any; `headerOf` names the column of an import field. */
export function checkTestFields(test: PlannedTest, errors: RowError[], headerOf: (field: string) => string | null): boolean {
  const stepColumns = headerOf('stepAction') !== null;
  const { title, testDescription, preconditions, steps, expectedResult, automationKey, customFields } = test;
  const checked = fieldsChecked.safeParse({ title, testDescription, preconditions, steps, expectedResult, automationKey, customFields });
  if (checked.success) return false;
  for (const issue of checked.error.issues) {
    const where = issue.path.length > 1 ? ` (${issue.path.slice(1).join('.')})` : '';
    errors.push({ row: test.row, column: headerOf(sourceOf(issue.path, stepColumns)), reason: `${issue.message}${where}` });
  }
  return true;
}

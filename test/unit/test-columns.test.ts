import { testColumns } from '../../src/domain/test-cases/data';
import { testRecord, updateTestBody } from '../../src/domain/test-cases/test-cases.schemas';

// The test's field table (test-cases/data/columns.ts) against the zod schemas,
// which stay the source of the API's types. Its compile-time checks say the
// sets agree; these say the order does too (JSON keys and CSV columns follow it).

test('has one row per field of the test record, in the record schema order', () => {
  expect(testColumns.map((c) => c.field)).toEqual(Object.keys(testRecord.shape));
});

test('its writable rows are the fields an update takes, in the schema order', () => {
  const writable = testColumns.filter((c) => !['read', 'timestamp'].includes(c.kind)).map((c) => c.field);
  const updatable = Object.keys(updateTestBody.shape).filter((f) => f !== 'testId' && f !== 'projectId');
  expect(writable).toEqual(updatable);
});

import { allOn, differingFields, mergeFields } from '../../../web/src/lib/merge-fields';
import { comparable, formFromTest, FORM_FIELDS, type TestRecord } from '../../../web/src/features/test-cases/test-form';

// A save that met someone else's: the fields whose two versions differ, and the record the
// person chose field by field.

type Run = { runName: string; runDescription: string | null };
const FIELDS = ['runName', 'runDescription'] as const;

it('lists only the fields that differ, in the given order', () => {
  const mine: Run = { runName: 'Nightly 2', runDescription: 'Same' };
  expect(differingFields(FIELDS, mine, { runName: 'Nightly', runDescription: 'Same' })).toEqual(['runName']);
  expect(differingFields(FIELDS, mine, mine)).toEqual([]);
  expect(differingFields(FIELDS, mine, { runName: 'x', runDescription: null })).toEqual(['runName', 'runDescription']);
});

it('merges per field: chosen as mine from mine, everything else theirs', () => {
  const mine: Run = { runName: 'Mine', runDescription: 'My text' };
  const theirs: Run = { runName: 'Theirs', runDescription: 'Their text' };
  expect(mergeFields(mine, theirs, { runName: 'mine', runDescription: 'theirs' })).toEqual({
    runName: 'Mine',
    runDescription: 'Their text',
  });
  expect(mergeFields(mine, theirs, allOn(FIELDS, 'mine'))).toEqual(mine);
  expect(mergeFields(mine, theirs, allOn(FIELDS, 'theirs'))).toEqual(theirs);
  expect(mergeFields(mine, theirs, {})).toEqual(theirs);
});

it("compares a test's labels as a set, not by their order", () => {
  const test = {
    title: 'T',
    labels: [3, 1],
    testDescription: null,
    preconditions: null,
    steps: null,
    expectedResult: null,
  } as unknown as TestRecord;
  const a = comparable(formFromTest(test));
  const b = comparable({ ...formFromTest(test), labels: [1, 3] });
  expect(
    differingFields(
      FORM_FIELDS.map(([f]) => f),
      a,
      b,
    ),
  ).toEqual([]);
  expect(
    differingFields(
      FORM_FIELDS.map(([f]) => f),
      a,
      { ...b, labels: [1] },
    ),
  ).toEqual(['labels']);
});

import { changedFields, formFromTest, sectionPaths, type TestRecord } from '../../../web/src/features/test-cases/test-form';

// The test case form's logic: what a save sends, and the section paths of the section select.

const test: TestRecord = {
  testId: 7,
  projectId: 1,
  title: 'Pay with a card',
  testDescription: null,
  preconditions: 'Signed in',
  steps: '1. Pay',
  expectedResult: null,
  sectionId: 3,
  priorityId: 10,
  typeId: null,
  automationStatusId: null,
  platformId: null,
  testCoveredById: null,
  squadId: null,
  automationKey: null,
  labels: [4, 2],
  customFields: {},
  version: 1,
  createdBy: 1,
  updatedBy: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  attachmentCount: 0,
};

describe('changedFields', () => {
  it('sends nothing for an untouched form, nor for labels merely reordered', () => {
    expect(changedFields(test, formFromTest(test))).toEqual({});
    expect(changedFields(test, { ...formFromTest(test), labels: [2, 4] })).toEqual({});
  });

  it('sends only what changed: an emptied text clears it, a new text sets it, labels go whole', () => {
    const form = { ...formFromTest(test), preconditions: '', expectedResult: 'Paid', priorityId: null, squadId: 5, labels: [2, 9] };
    expect(changedFields(test, form)).toEqual({
      preconditions: null,
      expectedResult: 'Paid',
      priorityId: null,
      squadId: 5,
      labels: [2, 9],
    });
  });

  it('sends a blank title as typed, so the server says what is wrong with it', () => {
    expect(changedFields(test, { ...formFromTest(test), title: '' })).toEqual({ title: '' });
  });
});

describe('sectionPaths', () => {
  it('names each section by its path from the top, whatever the order of the list', () => {
    const paths = sectionPaths([
      { sectionId: 3, sectionName: 'Cards', parentSectionId: 2 },
      { sectionId: 1, sectionName: 'Checkout', parentSectionId: null },
      { sectionId: 2, sectionName: 'Payments', parentSectionId: 1 },
      { sectionId: 4, sectionName: 'Orphan', parentSectionId: 99 },
    ]);
    expect(Object.fromEntries(paths)).toEqual({ 1: 'Checkout', 2: 'Checkout > Payments', 3: 'Checkout > Payments > Cards', 4: 'Orphan' });
  });
});

import {
  changedFields,
  createFields,
  datesProblem,
  draftOf,
  dueText,
  emptyDraft,
  parentChoices,
  passRateText,
} from '../../../web/src/features/milestones/milestone-form';

const stored = { name: 'R1', description: null, startDate: '2026-12-01', dueDate: '2026-12-15', parentId: null };

it('sends a new milestone without its empty fields', () => {
  expect(createFields({ ...emptyDraft, name: '  R1 ' })).toEqual({ name: 'R1' });
  expect(createFields({ name: 'R1', description: 'All', startDate: '2026-12-01', dueDate: '', parentId: 4 })).toEqual({
    name: 'R1',
    description: 'All',
    startDate: '2026-12-01',
    parentId: 4,
  });
});

it('sends an edit as the fields that changed, an emptied one as null', () => {
  const before = draftOf(stored);
  expect(changedFields(before, before)).toEqual({});
  expect(changedFields(before, { ...before, dueDate: '', description: 'Now', parentId: 3 })).toEqual({
    dueDate: null,
    description: 'Now',
    parentId: 3,
  });
  expect(changedFields(before, { ...before, name: 'R1 ' })).toEqual({});
});

it('refuses a due date before the start, as the server does', () => {
  expect(datesProblem(draftOf(stored))).toBeNull();
  expect(datesProblem({ ...draftOf(stored), dueDate: '2026-11-30' })).toBe('The due date must not be before the start date.');
  expect(datesProblem({ ...draftOf(stored), startDate: '', dueDate: '2020-01-01' })).toBeNull();
});

it('offers top-level milestones other than itself as parents, none to one with sub-milestones', () => {
  const all = [
    { milestoneId: 1, parentId: null, name: 'A' },
    { milestoneId: 2, parentId: 1, name: 'A.1' },
    { milestoneId: 3, parentId: null, name: 'B' },
  ];
  expect(parentChoices(all)).toEqual([
    { id: 1, name: 'A' },
    { id: 3, name: 'B' },
  ]);
  expect(parentChoices(all, { milestoneId: 3, hasChildren: false })).toEqual([{ id: 1, name: 'A' }]);
  expect(parentChoices(all, { milestoneId: 1, hasChildren: true })).toEqual([]);
});

it('says when a milestone is due, overdue or completed, in words', () => {
  const m = { status: 'open', overdue: false, dueDate: '2026-12-15', completedAt: null };
  expect(dueText(m)).toBe('Due 2026-12-15');
  expect(dueText({ ...m, overdue: true })).toBe('Overdue: due 2026-12-15');
  expect(dueText({ ...m, dueDate: null })).toBe('No due date');
  expect(dueText({ ...m, status: 'completed', completedAt: '2026-12-14T10:00:00.000Z' })).toBe('Completed 2026-12-14');
  expect(passRateText({ passed: 1, total: 3 })).toBe('33.3% passed');
  expect(passRateText({ passed: 0, total: 0 })).toBe('0% passed');
});

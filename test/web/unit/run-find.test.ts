import { matchesFind, NO_FIND, sectionChoices } from '../../../web/src/features/runs/run-find';
import { describeEvent, markedByAfter, type RunEvent } from '../../../web/src/features/runs/live-run';

// Finding tests inside a run (run-find.ts) and what a live event changes (live-run.ts).

const pay = { testId: 42, title: 'Pay by VISA' };

describe('matchesFind', () => {
  it('matches the title and the section path in any case, and the id as 42 or #42', () => {
    expect(matchesFind(pay, 'Checkout > Cards', { search: 'visa', section: null })).toBe(true);
    expect(matchesFind(pay, 'Checkout > Cards', { search: 'checkout > c', section: null })).toBe(true);
    expect(matchesFind(pay, 'Checkout > Cards', { search: '#42', section: null })).toBe(true);
    expect(matchesFind(pay, 'Checkout > Cards', { search: ' 42 ', section: null })).toBe(true);
    expect(matchesFind(pay, 'Checkout > Cards', { search: '#4', section: null })).toBe(false);
    expect(matchesFind(pay, null, { search: 'checkout', section: null })).toBe(false);
    expect(matchesFind(pay, null, NO_FIND)).toBe(true);
  });

  it('narrows to a section and its subsections, not to a sibling sharing its prefix', () => {
    expect(matchesFind(pay, 'Checkout > Cards', { search: '', section: 'Checkout' })).toBe(true);
    expect(matchesFind(pay, 'Checkout', { search: '', section: 'Checkout' })).toBe(true);
    expect(matchesFind(pay, 'Checkout 2', { search: '', section: 'Checkout' })).toBe(false);
    expect(matchesFind(pay, null, { search: '', section: 'Checkout' })).toBe(false);
    expect(matchesFind(pay, 'Checkout > Cards', { search: 'mastercard', section: 'Checkout' })).toBe(false);
  });
});

it('sectionChoices lists each path with its ancestors, in the order given', () => {
  expect(sectionChoices(['A > B > C', 'A > D', null, 'E'])).toEqual(['A', 'A > B', 'A > B > C', 'A > D', 'E']);
});

describe('live events', () => {
  const event = (over: Partial<RunEvent>): RunEvent => ({
    runId: 1,
    projectId: 1,
    kind: 'results',
    by: { userId: 7, name: 'Ana' },
    at: '2026-01-01T00:00:00.000Z',
    count: 1,
    tests: [{ testId: 42, status: 'failed', comment: null, elapsedMs: null, defects: [] }],
    ...over,
  });

  it("names another tester on the rows they marked, and the tester's own mark clears it", () => {
    const marked = markedByAfter(new Map(), event({}), 3);
    expect([...marked]).toEqual([[42, 'Ana']]);
    expect([...markedByAfter(marked, event({ by: { userId: 3, name: 'Me' } }), 3)]).toEqual([]);
    // A change that is not a list of marks leaves the notes as they are.
    expect(markedByAfter(marked, event({ kind: 'run', tests: null }), 3)).toBe(marked);
    // A reset set every row: no earlier note stands, whoever reset.
    expect([...markedByAfter(marked, event({ kind: 'reset', tests: null }), 3)]).toEqual([]);
  });

  it('says what changed in words', () => {
    expect(describeEvent(event({}), () => 'Pay by VISA')).toBe('Ana marked “Pay by VISA” Failed.');
    expect(describeEvent(event({ count: 60, tests: null }), () => undefined)).toBe('Ana marked 60 tests.');
    expect(describeEvent(event({ kind: 'run', tests: null }), () => undefined)).toBe('Ana changed the run.');
    expect(describeEvent(event({ kind: 'reset', tests: null }), () => undefined)).toBe('Ana reset the run: every test is Retest.');
  });
});

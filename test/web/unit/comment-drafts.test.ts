import { draftOf, draftsKey, parseDrafts, withDraft } from '../../../web/src/features/runs/comment-drafts';

// Comment drafts on the execute screen: one per test and one for the checked tests, per run.

it('keeps a draft per test and one for the checked tests, and forgets an emptied one', () => {
  let drafts = withDraft({}, 12, 'Card declined');
  drafts = withDraft(drafts, 'checked', 'Same for all');
  drafts = withDraft(drafts, 13, 'Slow');
  expect(draftOf(drafts, 12)).toBe('Card declined');
  expect(draftOf(drafts, 'checked')).toBe('Same for all');
  expect(draftOf(drafts, 14)).toBe('');
  drafts = withDraft(drafts, 12, '');
  expect(drafts).toEqual({ checked: 'Same for all', 13: 'Slow' });
  expect(draftsKey(7)).toBe('casebook.comment-drafts.7');
});

it('reads back what it stored, and drops what is not a draft', () => {
  const drafts = withDraft(withDraft({}, 12, 'a'), 'checked', 'b');
  expect(parseDrafts(JSON.stringify(drafts))).toEqual(drafts);
  expect(parseDrafts(null)).toEqual({});
  expect(parseDrafts('[1]')).toEqual({});
  expect(parseDrafts('nope')).toEqual({});
  expect(parseDrafts(JSON.stringify({ 12: 'a', x: 'b', 13: 4, 14: '', '-1': 'c' }))).toEqual({ 12: 'a' });
});

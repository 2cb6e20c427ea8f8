// Comments typed on the execute screen and not yet saved with a result: one per test, and one
// for the checked tests together, per run, kept in local storage so that moving to another test
// or reloading the page keeps them. Plain functions (unit-tested in
// test/web/unit/comment-drafts.test.ts); use-comment-drafts.ts keeps them in React state.

/** Whose draft: a test's id, or "checked" for the comment going to every checked test. */
export type DraftSlot = number | 'checked';
export type Drafts = Readonly<Record<string, string>>;

/** The storage key of a run's drafts. */
export const draftsKey = (runId: number) => `casebook.comment-drafts.${runId}`;

/** The drafts with `slot`'s set to `text` (removed when empty). */
export function withDraft(drafts: Drafts, slot: DraftSlot, text: string): Drafts {
  const { [String(slot)]: _old, ...rest } = drafts;
  return text ? { ...rest, [String(slot)]: text } : rest;
}

export const draftOf = (drafts: Drafts, slot: DraftSlot): string => drafts[String(slot)] ?? '';

/** The stored drafts, leaving out anything that is not text under a test id or "checked". */
export function parseDrafts(text: string | null): Drafts {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(([slot, draft]) => (slot === 'checked' || /^[1-9]\d*$/.test(slot)) && typeof draft === 'string' && draft),
  );
}

// The `d` box of the execute screen, without React (test/web/unit/defect-input.test.ts): what a
// typed defect adds to a result's defects, or why it cannot. The server checks the same and has
// the last word; checking here keeps a typo from reaching the outbox, where a refusal drops the mark.

import type { DefectLink } from '../../lib/defect-link';

export const MAX_DEFECTS = 20;
const MAX_CHARS = 200;
const DEFECT_ID = /^#?[A-Za-z0-9][A-Za-z0-9._-]*$/;
const HTTP_URL = /^https?:\/\/\S+$/i;

/** The defects with `text` added (an id or an http(s) link, trimmed), or the reason it is not. */
export function addDefect(current: readonly DefectLink[], text: string): { defects: DefectLink[] } | { error: string } {
  const id = text.trim();
  if (!id) return { error: 'Type a defect id (e.g. SHOP-123 or #45) or paste its link.' };
  if (id.length > MAX_CHARS) return { error: `A defect is at most ${MAX_CHARS} characters.` };
  const isUrl = HTTP_URL.test(id);
  if (!isUrl && !DEFECT_ID.test(id))
    return { error: 'A defect is an id (letters, digits, . _ -, e.g. SHOP-123 or #45) or an http(s) link.' };
  if (current.some((d) => d.id === id)) return { error: `${id} is already linked to this result.` };
  if (current.length >= MAX_DEFECTS) return { error: `A result links to at most ${MAX_DEFECTS} defects.` };
  // An id's link comes from the project's template, which the server applies once it has the result.
  return { defects: [...current, { id, url: isUrl ? id : null }] };
}

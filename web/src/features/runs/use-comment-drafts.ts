import { useState } from 'react';
import { draftOf, draftsKey, parseDrafts, withDraft, type Drafts, type DraftSlot } from './comment-drafts';

function read(runId: number): Drafts {
  try {
    return parseDrafts(localStorage.getItem(draftsKey(runId)));
  } catch {
    return {};
  }
}

function write(runId: number, drafts: Drafts) {
  try {
    if (Object.keys(drafts).length) localStorage.setItem(draftsKey(runId), JSON.stringify(drafts));
    else localStorage.removeItem(draftsKey(runId));
  } catch {
    // Storage full or refused: the drafts still live in this page.
  }
}

/** A run's comment drafts (comment-drafts.ts), in state and in local storage. */
export function useCommentDrafts(runId: number) {
  const [held, setHeld] = useState(() => ({ runId, drafts: read(runId) }));
  // Another run opened in the same page: its own drafts.
  const drafts = held.runId === runId ? held.drafts : read(runId);
  if (held.runId !== runId) setHeld({ runId, drafts });
  return {
    get: (slot: DraftSlot) => draftOf(drafts, slot),
    set: (slot: DraftSlot, text: string) => {
      const next = withDraft(drafts, slot, text);
      write(runId, next);
      setHeld({ runId, drafts: next });
    },
  };
}

// Offset paging of a list, as every pager shows it (components/pager.tsx): the range on screen
// and where Previous and Next go. Plain TypeScript, unit-tested.

export interface PageState {
  /** Index of the first entry shown. */
  offset: number;
  /** Entries per page. */
  limit: number;
  /** Entries in the whole list. */
  total: number;
}

/** "26–50 of 60"; `empty` ("0 of 0" unless told) for an empty list. */
export function rangeText({ offset, limit, total }: PageState, empty = '0 of 0'): string {
  if (total === 0) return empty;
  const first = Math.min(offset + 1, total);
  const last = Math.min(offset + limit, total);
  return `${first}–${last} of ${total}`;
}

/** The offset of the previous page, or undefined on the first. */
export const previousOffset = ({ offset, limit }: PageState): number | undefined => (offset > 0 ? Math.max(0, offset - limit) : undefined);

/** The offset of the next page, or undefined on the last. */
export const nextOffset = ({ offset, limit, total }: PageState): number | undefined =>
  offset + limit < total ? offset + limit : undefined;

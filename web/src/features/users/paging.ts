/** Offset paging of the members list (no JSX, unit-tested). */

export interface PageState {
  offset: number;
  limit: number;
  total: number;
}

/** "1–25 of 60"; "No members" when empty. */
export function pageSummary({ offset, limit, total }: PageState): string {
  if (total === 0) return 'No members';
  const first = Math.min(offset + 1, total);
  const last = Math.min(offset + limit, total);
  return `${first}–${last} of ${total}`;
}

export const previousOffset = ({ offset, limit }: PageState): number | undefined => (offset > 0 ? Math.max(0, offset - limit) : undefined);

export const nextOffset = ({ offset, limit, total }: PageState): number | undefined =>
  offset + limit < total ? offset + limit : undefined;

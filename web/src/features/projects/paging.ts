// Paging of a project list: what the pager shows and where it may go.

export interface PageState {
  page: number;
  pageSize: number;
  total: number;
}

/** Number of pages (at least 1, so an empty list is "page 1 of 1"). */
export const pageCount = ({ pageSize, total }: Omit<PageState, 'page'>) => Math.max(1, Math.ceil(total / pageSize));

/** "51–100 of 120", "0 of 0" for an empty list. */
export function rangeText({ page, pageSize, total }: PageState): string {
  if (total === 0) return '0 of 0';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `${first}–${last} of ${total}`;
}

/**
 * The page to show once the total is known: a list that shrank (a project deactivated or deleted
 * from the last page) goes back to its new last page instead of showing an empty one.
 */
export const clampPage = (state: PageState) => Math.min(Math.max(1, state.page), pageCount(state));

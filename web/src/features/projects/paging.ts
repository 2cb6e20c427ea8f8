// Paging of a project list by page number (the API's page and pageSize); the pager itself
// counts by offset (lib/paging.ts).

export interface PageState {
  page: number;
  pageSize: number;
  total: number;
}

/** Number of pages (at least 1, so an empty list is "page 1 of 1"). */
export const pageCount = ({ pageSize, total }: Omit<PageState, 'page'>) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The page to show once the total is known: a list that shrank (a project deactivated or deleted
 * from the last page) goes back to its new last page instead of showing an empty one.
 */
export const clampPage = (state: PageState) => Math.min(Math.max(1, state.page), pageCount(state));

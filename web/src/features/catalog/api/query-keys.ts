import { testKeys } from '../../test-cases';
import type { TestFilters } from './get-tests';

// Query keys of the catalog: every query and invalidation of it. A page of the filtered list sits
// under the project's tests (testKeys.all), so a write to any test refreshes the lists.

export const catalogKeys = {
  /** Every list of the project's tests, whatever the filters (with the open tests: they share the key). */
  tests: (projectId: number) => testKeys.all(projectId),
  page: (projectId: number, filters: TestFilters, page: number) => [...testKeys.all(projectId), 'page', filters, page] as const,
};

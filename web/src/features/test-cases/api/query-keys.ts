import type { TestOrder } from '../catalog-order';
import type { TestFilters } from './get-tests';

// Query keys of a project's tests: every query and invalidation of them. The catalog's pages of
// the filtered list and each open test sit under `all(projectId)`, so a write to the project's
// tests (a bulk edit in the catalog, say) refreshes both.

export const testKeys = {
  /** Every list of the project's tests, whatever the filters, and every open test. */
  all: (projectId: number) => ['tests', projectId] as const,
  /** The project's shared steps: what a test's steps may insert, and their page. */
  sharedSteps: (projectId: number) => ['tests', projectId, 'shared-steps'] as const,
  page: (projectId: number, filters: TestFilters, page: number, order: TestOrder) =>
    ['tests', projectId, 'page', filters, page, order] as const,
  /** How many of the selected tests (`testIds`, comma-separated) the filters show. */
  shown: (projectId: number, filters: TestFilters, testIds: string) => ['tests', projectId, 'shown', filters, testIds] as const,
  detail: (projectId: number, testId: number) => ['tests', projectId, 'detail', testId] as const,
  /** A test's results across runs: results are written in runs, not here, so it stands apart. */
  statusHistory: (projectId: number, testId: number) => ['test-status-history', projectId, testId] as const,
  /** A test's last executions, one per run: like its history, written in runs. */
  executions: (projectId: number, testId: number) => ['test-executions', projectId, testId] as const,
};

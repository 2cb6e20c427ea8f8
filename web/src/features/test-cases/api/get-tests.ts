import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { testKeys } from './query-keys';

/** The catalog's filters; a section filter always covers its subsections. */
export interface TestFilters {
  sectionId?: number;
  priorityId?: number;
  labelId?: number;
  squadId?: number;
  automationStatusId?: number;
  search?: string;
}

/** Rows per request: small enough to answer fast, large enough that scrolling rarely waits. */
export const TESTS_PAGE_SIZE = 200;

export const testsQuery = (projectId: number, filters: TestFilters, limit: number, offset: number) => ({
  projectId,
  ...filters,
  includeSubsections: filters.sectionId !== undefined ? ('true' as const) : undefined,
  limit,
  offset,
});

/** One page of the project's tests matching the filters, with the total that match. */
export const testsPageQueryOptions = (projectId: number, filters: TestFilters, page: number) =>
  queryOptions({
    queryKey: testKeys.page(projectId, filters, page),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/project/tests', { params: { query: testsQuery(projectId, filters, TESTS_PAGE_SIZE, page * TESTS_PAGE_SIZE) } }),
      ),
  });

/** The first page: its `total` sizes the list; the previous filters' page shows until it lands. */
export const useFirstTestsPage = (projectId: number, filters: TestFilters) =>
  useQuery({ ...testsPageQueryOptions(projectId, filters, 0), placeholderData: keepPreviousData });

export type TestRow = Awaited<ReturnType<NonNullable<ReturnType<typeof testsPageQueryOptions>['queryFn']>>>['tests'][number];

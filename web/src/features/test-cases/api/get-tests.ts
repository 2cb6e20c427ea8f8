import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { DEFAULT_ORDER, isDefaultOrder, type TestOrder } from '../catalog-order';
import type { TestFilters } from '../catalog-filters';
import { testKeys } from './query-keys';

export type { FieldFilterParam, TestFilters } from '../catalog-filters';

/** The filters as query parameters of the list, the count and the export. */
export const filterQuery = ({ fields, ...filters }: TestFilters) => ({
  ...filters,
  ...fields,
  includeSubsections: filters.sectionId !== undefined ? ('true' as const) : undefined,
});

/** Rows per request: small enough to answer fast, large enough that scrolling rarely waits. */
export const TESTS_PAGE_SIZE = 200;

/** The list's query; the default order is not sent, so its URL (and cached answer) stays the same. */
export const testsQuery = (projectId: number, filters: TestFilters, limit: number, offset: number, order: TestOrder = DEFAULT_ORDER) => ({
  projectId,
  ...filterQuery(filters),
  ...(isDefaultOrder(order) ? {} : order),
  limit,
  offset,
});

/** One page of the project's tests matching the filters, in `order`, with the total that match. */
export const testsPageQueryOptions = (projectId: number, filters: TestFilters, page: number, order: TestOrder = DEFAULT_ORDER) =>
  queryOptions({
    queryKey: testKeys.page(projectId, filters, page, order),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/project/tests', {
          params: { query: testsQuery(projectId, filters, TESTS_PAGE_SIZE, page * TESTS_PAGE_SIZE, order) },
        }),
      ),
  });

/** The first page: its `total` sizes the list; the previous filters' page shows until it lands. */
export const useFirstTestsPage = (projectId: number, filters: TestFilters, order: TestOrder = DEFAULT_ORDER) =>
  useQuery({ ...testsPageQueryOptions(projectId, filters, 0, order), placeholderData: keepPreviousData });

export type TestRow = Awaited<ReturnType<NonNullable<ReturnType<typeof testsPageQueryOptions>['queryFn']>>>['tests'][number];

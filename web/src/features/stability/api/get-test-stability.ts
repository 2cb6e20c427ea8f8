import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { StabilityQuery } from '../stability-query';
import { stabilityKeys } from './query-keys';

/** One page of the project's tests with their stability over the window (GET /project/test-stability). */
export const stabilityQueryOptions = (query: StabilityQuery) =>
  queryOptions({
    queryKey: stabilityKeys.page(query.projectId, query),
    queryFn: () => unwrap(api.GET('/api/v1/project/test-stability', { params: { query } })),
    // Results are written on other screens (and by CI imports): read again on every visit; the
    // ETag makes an unchanged answer a 304.
    staleTime: 0,
  });

// The previous page stays on screen while the next loads, so paging and filtering do not jump.
export const useTestStability = (query: StabilityQuery) => useQuery({ ...stabilityQueryOptions(query), placeholderData: keepPreviousData });

export type StabilityAnswer = Awaited<ReturnType<NonNullable<ReturnType<typeof stabilityQueryOptions>['queryFn']>>>;
export type StabilityRow = StabilityAnswer['tests'][number];

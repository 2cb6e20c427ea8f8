import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { paths } from '../../../lib/api-types';
import type { CompareCategory } from '../compare-categories';
import { compareKeys } from './query-keys';

export type RunComparison = paths['/api/v1/run/compare']['get']['responses'][200]['content']['application/json']['data'];
export type ComparedTest = NonNullable<RunComparison['tests'][CompareCategory]>[number];

/** Tests of a category on one page. */
export const COMPARE_PAGE = 50;

/**
 * The run compared with `base` (the server's default base when undefined): the totals, the
 * failure groups, and the first COMPARE_PAGE tests of every category, or with `page` one
 * category's tests from its offset.
 */
export const runComparisonQueryOptions = (
  projectId: number,
  runId: number,
  base: number | undefined,
  page?: { category: CompareCategory; offset: number },
) =>
  queryOptions({
    queryKey: compareKeys.comparison(projectId, runId, { base, ...page }),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/v1/run/compare', {
          params: {
            query: {
              projectId,
              runId,
              baseRunId: base,
              perCategory: COMPARE_PAGE,
              category: page?.category,
              offset: page?.offset,
            },
          },
          signal,
        }),
      ),
  });

export const useRunComparison = (projectId: number, runId: number, base: number | undefined) =>
  useQuery(runComparisonQueryOptions(projectId, runId, base));

/** One category's page past the first (the first comes with the comparison itself). */
export const useComparisonPage = (projectId: number, runId: number, base: number | undefined, category: CompareCategory, offset: number) =>
  useQuery({
    ...runComparisonQueryOptions(projectId, runId, base, { category, offset }),
    enabled: offset > 0,
    placeholderData: keepPreviousData,
  });

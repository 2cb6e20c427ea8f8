import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { myWorkKeys } from './query-keys';

/** GET /my/work: the caller's open runs with tests assigned to them, newest first, and how many of those tests wait. */
export const myWorkQueryOptions = (page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: myWorkKeys.page(page),
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/my/work', { params: { query: page }, signal })),
    placeholderData: keepPreviousData,
  });

export const useMyWork = (page: { limit: number; offset: number }) => useQuery(myWorkQueryOptions(page));

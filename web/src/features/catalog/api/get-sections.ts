import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** Every section of the project, flat, in tree order with parentSectionId and depth. */
export const sectionsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['sections', projectId],
    queryFn: () => unwrap(api.GET('/api/v1/sections', { params: { query: { projectId } } })),
  });

export const useSections = (projectId: number) => useQuery(sectionsQueryOptions(projectId));

export type Section = Awaited<ReturnType<NonNullable<ReturnType<typeof sectionsQueryOptions>['queryFn']>>>[number];

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { metadataKeys } from './query-keys';

/** Every section of a project, flat, depth-first with parentSectionId and depth; invalidate metadataKeys.sections(projectId) after a change. */
export const sectionsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: metadataKeys.sections(projectId),
    queryFn: () => unwrap(api.GET('/api/v1/sections', { params: { query: { projectId } } })),
  });

export const useSections = (projectId: number) => useQuery(sectionsQueryOptions(projectId));

export type Section = Awaited<ReturnType<NonNullable<ReturnType<typeof sectionsQueryOptions>['queryFn']>>>[number];

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** The project's section tree (flat, with parentSectionId), to choose a run's tests by. */
export const sectionsQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: ['sections', projectId], queryFn: () => unwrap(api.GET('/api/v1/sections', { params: { query: { projectId } } })) });

export const useSections = (projectId: number) => useQuery(sectionsQueryOptions(projectId));

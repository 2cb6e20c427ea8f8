import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** Every section of a project, depth-first with its depth (GET /sections); invalidate ['sections', projectId] after a change. */
export const projectSectionsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['sections', projectId],
    queryFn: () => unwrap(api.GET('/api/v1/sections', { params: { query: { projectId } } })),
  });

export const useProjectSections = (projectId: number) => useQuery(projectSectionsQueryOptions(projectId));

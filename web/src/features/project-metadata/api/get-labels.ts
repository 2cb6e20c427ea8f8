import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** The labels of a project (GET /labels); invalidate ['labels', projectId] after adding some. */
export const labelsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['labels', projectId],
    queryFn: () => unwrap(api.GET('/api/v1/labels', { params: { query: { projectId } } })),
  });

export const useLabels = (projectId: number) => useQuery(labelsQueryOptions(projectId));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { metadataKeys } from './query-keys';

/** The labels of a project (GET /labels); invalidate metadataKeys.labels(projectId) after adding some. */
export const labelsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: metadataKeys.labels(projectId),
    queryFn: () => unwrap(api.GET('/api/v1/labels', { params: { query: { projectId } } })),
  });

export const useLabels = (projectId: number) => useQuery(labelsQueryOptions(projectId));

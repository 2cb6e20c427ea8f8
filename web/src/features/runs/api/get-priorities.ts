import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** The project's priority entries ({ id, name }), to choose a run's tests by. */
export const prioritiesQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: ['priority', projectId], queryFn: () => unwrap(api.GET('/api/v1/priority', { params: { query: { projectId } } })) });

export const usePriorities = (projectId: number) => useQuery(prioritiesQueryOptions(projectId));

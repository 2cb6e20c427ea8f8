import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { paths } from '../../../lib/api-types';
import { testKeys } from './query-keys';

/** The shared steps of a project (GET /shared-steps): what a test's steps may insert. Under testKeys.all, so a write to tests reads them again. */
export type SharedSteps = paths['/api/v1/shared-steps']['get']['responses'][200]['content']['application/json']['data'][number];

export const sharedStepsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: testKeys.sharedSteps(projectId),
    queryFn: () => unwrap(api.GET('/api/v1/shared-steps', { params: { query: { projectId } } })),
  });

export const useSharedSteps = (projectId: number, enabled = true) => useQuery({ ...sharedStepsQueryOptions(projectId), enabled });

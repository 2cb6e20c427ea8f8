import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { paths } from '../../../lib/api-types';

// A project's shared steps (GET /shared-steps) and their writes. An edit changes every test using
// them, so it refreshes the project's tests as well.

export type SharedSteps = paths['/api/v1/shared-steps']['get']['responses'][200]['content']['application/json']['data'][number];
export type SharedStep = SharedSteps['steps'][number];

const key = (projectId: number) => ['shared-steps', projectId] as const;

export const sharedStepsQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: key(projectId), queryFn: () => unwrap(api.GET('/api/v1/shared-steps', { params: { query: { projectId } } })) });

export const useSharedSteps = (projectId: number, enabled = true) => useQuery({ ...sharedStepsQueryOptions(projectId), enabled });

type Input = { name: string; steps: { action: string; expected?: string; data?: string }[] };

/** Add (no id), edit (an id) or delete shared steps; the list and the project's tests are read again. */
export function useSharedStepsWrites(projectId: number) {
  const qc = useQueryClient();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: key(projectId) }), qc.invalidateQueries({ queryKey: ['tests'] })]);
  return {
    save: useMutation({
      mutationFn: ({ sharedStepsId, ...input }: Input & { sharedStepsId?: number }) =>
        sharedStepsId === undefined
          ? unwrap(api.POST('/api/v1/project/add-shared-steps', { body: { projectId, ...input } }))
          : unwrap(api.PUT('/api/v1/project/edit-shared-steps', { body: { sharedStepsId, ...input } })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (sharedStepsId: number) => unwrap(api.DELETE('/api/v1/project/delete-shared-steps', { body: { sharedStepsId } })),
      onSuccess: refresh,
    }),
  };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { operations } from '../../../lib/api-types';

export type CreateRunBody = operations['postRunCreate']['requestBody']['content']['application/json'];

/** POST /run/create (User): listed testIds or a selection; the project's run list refetches. */
export function useCreateRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRunBody) => unwrap(api.POST('/api/v1/run/create', { body })),
    onSuccess: (run) => queryClient.invalidateQueries({ queryKey: ['runs', run.projectId] }),
  });
}

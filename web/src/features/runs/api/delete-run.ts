import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { projectKeys } from '../../projects';
import { runKeys } from './query-keys';

/** DELETE /run/delete (Admin): the run with its results and history; the runs and the project's counts refetch. */
export function useDeleteRun(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (runId: number) => unwrap(api.DELETE('/api/v1/run/delete', { body: { runId, projectId } })),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: runKeys.all(projectId) }),
        qc.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
      ]),
  });
}

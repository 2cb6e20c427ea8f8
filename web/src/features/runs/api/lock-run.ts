import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { runDetailQueryOptions } from './get-run-detail';
import { runKeys } from './query-keys';

/**
 * PUT /run/lock (User) or /run/unlock (Admin). The run's tests are read again afterwards: a
 * locked run shows them as frozen at lock time, an unlocked one the live catalog.
 */
export function useSetRunLock(projectId: number, runId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lock: boolean) => unwrap(api.PUT(lock ? '/api/v1/run/lock' : '/api/v1/run/unlock', { body: { runId, projectId } })),
    onSuccess: (run) => {
      qc.setQueryData(runDetailQueryOptions(projectId, runId).queryKey, (old) => ({ ...run, assignees: old?.assignees ?? [] }));
      void qc.invalidateQueries({ queryKey: runKeys.all(projectId) });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { runKeys } from './query-keys';

/** PUT /run/reset (User): every test becomes retest, comments cleared; the run is read again. */
export function useResetRun(projectId: number, runId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.PUT('/api/v1/run/reset', { body: { runId, projectId } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: runKeys.all(projectId) }),
  });
}

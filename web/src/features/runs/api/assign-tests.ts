import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { myWorkKeys } from '../../my-work';
import { runKeys } from './query-keys';

export type AssignBody = { testIds: number[] } & ({ assigneeId: number | null } | { distribute: number[] });

/** PUT /run/assign: the run's tests and detail (each assignee's share) and the caller's work are read again. */
export function useAssignTests(projectId: number, runId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignBody) => unwrap(api.PUT('/api/v1/run/assign', { body: { projectId, runId, ...body } })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: runKeys.run(projectId, runId) });
      void qc.invalidateQueries({ queryKey: myWorkKeys.all });
    },
  });
}

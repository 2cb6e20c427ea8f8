import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { milestoneKeys } from './query-keys';

/** PUT /milestone/complete or /milestone/reopen (User); the project's milestones refetch. */
export function useSetMilestoneStatus(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ milestoneId, complete }: { milestoneId: number; complete: boolean }) =>
      complete
        ? unwrap(api.PUT('/api/v1/milestone/complete', { body: { projectId, milestoneId } }))
        : unwrap(api.PUT('/api/v1/milestone/reopen', { body: { projectId, milestoneId } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: milestoneKeys.all(projectId) }),
  });
}

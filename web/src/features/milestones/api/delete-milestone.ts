import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/**
 * DELETE /milestone/delete (Admin). Its runs lose their milestone, so every read of the project
 * (its milestones and its runs, whose keys all hold the project's id second) is read again;
 * milestones knows the runs feature only through the API, which keeps the two apart.
 */
export function useDeleteMilestone(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (milestoneId: number) => unwrap(api.DELETE('/api/v1/milestone/delete', { body: { projectId, milestoneId } })),
    onSuccess: () => qc.invalidateQueries({ predicate: (q) => q.queryKey[1] === projectId }),
  });
}

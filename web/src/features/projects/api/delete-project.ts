import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** DELETE /project/delete (Admin): the project and everything in it. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: number) => unwrap(api.DELETE('/api/v1/project/delete', { body: { projectId } })),
    onSuccess: (_, projectId) => {
      queryClient.removeQueries({ queryKey: ['projects', projectId] });
      return queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}

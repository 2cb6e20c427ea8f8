import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { testKeys } from './query-keys';
import { refreshTests } from './refresh';

/** DELETE /test/delete (Admin): the test leaves the catalog; runs keep its results. */
export function useDeleteTest(projectId: number, testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/test/delete', { body: { testId, projectId } })),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: testKeys.detail(projectId, testId) });
      await refreshTests(queryClient, projectId);
    },
  });
}

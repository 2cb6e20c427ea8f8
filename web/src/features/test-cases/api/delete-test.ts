import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { testKeys } from './query-keys';
import { refreshTests } from './refresh';

/**
 * DELETE /test/delete (Admin): the test leaves the catalog; runs keep its results. `onDeleted`
 * (leaving the test's page) runs before its cached detail goes: dropping the detail while the page
 * still shows it would put the page back to loading and unmount whoever asked, and a callback given
 * to mutate() is skipped once its component has unmounted.
 */
export function useDeleteTest(projectId: number, testId: number, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/test/delete', { body: { testId, projectId } })),
    onSuccess: async () => {
      onDeleted();
      queryClient.removeQueries({ queryKey: testKeys.detail(projectId, testId) });
      await refreshTests(queryClient, projectId);
    },
  });
}

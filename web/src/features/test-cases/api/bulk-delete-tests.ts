import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { inBatches } from '../bulk-batches';
import { refreshTests } from './refresh';

/** DELETE /test/bulk-delete (Admin), batch by batch. */
export function useBulkDeleteTests(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (batches: number[][]) =>
      inBatches(batches, (testIds) => unwrap(api.DELETE('/api/v1/test/bulk-delete', { body: { projectId, testIds } }))),
    onSettled: () => refreshTests(qc, projectId),
  });
}

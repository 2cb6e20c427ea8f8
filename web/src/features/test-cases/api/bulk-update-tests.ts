import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { inBatches, type BulkFields } from '../bulk-batches';
import { refreshTests } from './refresh';

/** PUT /test/bulk-update, batch by batch: sets the same fields on every selected test. */
export function useBulkUpdateTests(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ batches, fields }: { batches: number[][]; fields: BulkFields }) =>
      inBatches(batches, (ids) =>
        unwrap(api.PUT('/api/v1/test/bulk-update', { body: { projectId, tests: ids.map((testId) => ({ testId, ...fields })) } })),
      ),
    onSettled: () => refreshTests(qc, projectId),
  });
}

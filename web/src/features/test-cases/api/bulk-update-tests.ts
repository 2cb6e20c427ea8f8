import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { BULK_LIMIT, inBatches } from '../bulk-batches';
import { chunk, type BulkItem } from '../bulk-edit';
import { refreshTests } from './refresh';

/** PUT /test/bulk-update, BULK_LIMIT items a call: each test gets its own fields (a change, or its undo). */
export function useBulkUpdateTests(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: BulkItem[]) =>
      inBatches(chunk(items, BULK_LIMIT), (tests) => unwrap(api.PUT('/api/v1/test/bulk-update', { body: { projectId, tests } }))),
    onSettled: () => refreshTests(qc, projectId),
  });
}

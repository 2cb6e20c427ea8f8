import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { forgetEtag, ifMatch } from '../../../lib/record-versions';
import type { TestUpdate } from '../test-form';
import { testQueryOptions } from './get-test';
import { testKeys } from './query-keys';

/**
 * PUT /test/update with only the changed fields, and the ETag of the version they change in
 * If-Match (412 edit_conflict when someone else saved meanwhile). The open test is read again
 * before the save counts as done, so the next save has the new version's ETag.
 */
export function useUpdateTest(projectId: number, testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, etag }: { changes: Omit<TestUpdate, 'testId' | 'projectId'>; etag: string | undefined }) =>
      unwrap(api.PUT('/api/v1/test/update', { body: { testId, projectId, ...changes }, headers: ifMatch(etag) })),
    onSuccess: async (test) => {
      const open = testQueryOptions(projectId, testId).queryKey;
      forgetEtag(open);
      queryClient.setQueryData(open, test);
      // Lists and counts of the project's tests may show the changed fields.
      void queryClient.invalidateQueries({ queryKey: testKeys.all(projectId), predicate: (q) => q.queryHash !== hashKey(open) });
      await queryClient.refetchQueries({ queryKey: open, exact: true });
    },
  });
}

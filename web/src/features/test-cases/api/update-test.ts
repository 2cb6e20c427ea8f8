import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { TestUpdate } from '../test-form';
import { testQueryOptions } from './get-test';
import { testKeys } from './query-keys';

/** PUT /test/update with only the changed fields; the open test takes the answer at once. */
export function useUpdateTest(projectId: number, testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Omit<TestUpdate, 'testId' | 'projectId'>) =>
      unwrap(api.PUT('/api/v1/test/update', { body: { testId, projectId, ...changes } })),
    onSuccess: async (test) => {
      const open = testQueryOptions(projectId, testId).queryKey;
      queryClient.setQueryData(open, test);
      // Lists and counts of the project's tests may show the changed fields; the open test has the answer.
      await queryClient.invalidateQueries({ queryKey: testKeys.all(projectId), predicate: (q) => q.queryHash !== hashKey(open) });
    },
  });
}

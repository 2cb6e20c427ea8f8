import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { ifMatch } from '../../../lib/record-versions';
import { runKeys } from './query-keys';

export type EditRunBody = JsonBody<'putRunEdit'>;

/**
 * PUT /run/edit (User, open run): name and description, with the ETag of the run's read in
 * If-Match (412 edit_conflict when someone else changed them meanwhile); the project's runs refetch.
 */
export function useEditRun(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, etag }: { body: Omit<EditRunBody, 'projectId'>; etag: string | undefined }) =>
      unwrap(api.PUT('/api/v1/run/edit', { body: { ...body, projectId }, headers: ifMatch(etag) })),
    onSuccess: () => qc.invalidateQueries({ queryKey: runKeys.all(projectId) }),
  });
}

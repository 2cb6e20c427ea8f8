import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { ifMatch } from '../../../lib/record-versions';
import { projectKeys } from './query-keys';

export type EditProjectBody = JsonBody<'putProjectEdit'>;

/**
 * PUT /project/edit (User): name and description, with the ETag of the project's read in If-Match
 * (412 edit_conflict when someone else changed them meanwhile); lists and the detail refetch.
 */
export function useEditProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, etag }: { body: EditProjectBody; etag: string | undefined }) =>
      unwrap(api.PUT('/api/v1/project/edit', { body, headers: ifMatch(etag) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all() }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { ifMatch } from '../../../lib/record-versions';
import { milestoneKeys } from '../../milestones';
import { runKeys } from './query-keys';

export type EditRunBody = JsonBody<'putRunEdit'>;

/**
 * PUT /run/edit (User, open run): name and description, with the ETag of the run's read in
 * If-Match (412 edit_conflict when someone else changed them meanwhile), or its milestone; the
 * project's runs refetch, and its milestones, whose progress counts the runs they hold.
 */
export function useEditRun(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, etag }: { body: Omit<EditRunBody, 'projectId'>; etag: string | undefined }) =>
      unwrap(api.PUT('/api/v1/run/edit', { body: { ...body, projectId }, headers: ifMatch(etag) })),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: runKeys.all(projectId) }),
        qc.invalidateQueries({ queryKey: milestoneKeys.all(projectId) }),
      ]),
  });
}

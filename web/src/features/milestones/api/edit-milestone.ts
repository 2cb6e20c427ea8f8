import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { milestoneKeys } from './query-keys';

export type EditMilestoneBody = JsonBody<'putMilestoneEdit'>;

/** PUT /milestone/edit (User): the fields given; the project's milestones refetch. */
export function useEditMilestone(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EditMilestoneBody) => unwrap(api.PUT('/api/v1/milestone/edit', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: milestoneKeys.all(projectId) }),
  });
}

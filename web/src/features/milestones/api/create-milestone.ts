import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { milestoneKeys } from './query-keys';

export type CreateMilestoneBody = JsonBody<'postMilestoneCreate'>;

/** POST /milestone/create (User); the project's milestones refetch. */
export function useCreateMilestone(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMilestoneBody) => unwrap(api.POST('/api/v1/milestone/create', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: milestoneKeys.all(projectId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { projectKeys } from '../../projects';
import { runKeys } from './query-keys';

export type CreateRunBody = JsonBody<'postRunCreate'>;

/**
 * POST /run/create (User): listed testIds (a run takes up to 50,000) or a selection. The
 * project's run list and the project (its counts) refetch.
 */
export function useCreateRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRunBody) => unwrap(api.POST('/api/v1/run/create', { body })),
    onSuccess: (run) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: runKeys.all(run.projectId) }),
        qc.invalidateQueries({ queryKey: projectKeys.detail(run.projectId) }),
      ]),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation';
import type { JsonBody } from '../../../lib/json-body';
import { projectKeys } from '../../projects';
import { runKeys } from './query-keys';

export type CreateRunBody = JsonBody<'postRunCreate'>;

/**
 * POST /run/create (User), once per submission (Idempotency-Key): listed testIds (a run takes up to 50,000) or a selection. The
 * project's run list and the project (its counts) refetch.
 */
export function useCreateRun() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: CreateRunBody, key: string) => unwrap(api.POST('/api/v1/run/create', { body, headers: { 'Idempotency-Key': key } })),
    onSuccess: (run) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: runKeys.all(run.projectId) }),
        qc.invalidateQueries({ queryKey: projectKeys.detail(run.projectId) }),
      ]),
  });
}

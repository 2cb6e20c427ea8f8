import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** POST /run/create with the selected tests (a run takes up to 50,000). */
export function useCreateRun(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { runName: string; testIds: number[] }) => unwrap(api.POST('/api/v1/run/create', { body: { projectId, ...body } })),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['runs', projectId] }), qc.invalidateQueries({ queryKey: ['projects', projectId] })]),
  });
}

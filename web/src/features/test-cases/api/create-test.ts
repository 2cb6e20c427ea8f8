import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { refreshTests } from './refresh';

/** POST /test/create: a test with a title, in a section or at the top. */
export function useCreateTest(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; sectionId?: number }) => unwrap(api.POST('/api/v1/test/create', { body: { projectId, ...body } })),
    onSuccess: () => refreshTests(qc, projectId),
  });
}

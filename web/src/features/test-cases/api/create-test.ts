import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { refreshTests } from './refresh';
import type { FieldValue } from '../../custom-fields';

/** POST /test/create, once per submission (Idempotency-Key): a test with a title, in a section or at the top. */
export function useCreateTest(projectId: number) {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: { title: string; sectionId?: number; customFields?: Record<string, FieldValue> }, key: string) =>
      unwrap(api.POST('/api/v1/test/create', { body: { projectId, ...body }, headers: { 'Idempotency-Key': key } })),
    onSuccess: () => refreshTests(qc, projectId),
  });
}

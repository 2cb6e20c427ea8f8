import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { metadataKeys } from '../../project-metadata';

/** POST /project/add-section, once per submission (Idempotency-Key): a new section is empty, so only the tree refreshes. */
export function useAddSection(projectId: number) {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: { sectionName: string; parentSectionId: number | null }, key: string) =>
      unwrap(api.POST('/api/v1/project/add-section', { body: { projectId, ...body }, headers: { 'Idempotency-Key': key } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: metadataKeys.sections(projectId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { metadataKeys } from '../../project-metadata';

/** POST /project/add-section: a new section is empty, so only the tree refreshes. */
export function useAddSection(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { sectionName: string; parentSectionId: number | null }) =>
      unwrap(api.POST('/api/v1/project/add-section', { body: { projectId, ...body } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: metadataKeys.sections(projectId) }),
  });
}

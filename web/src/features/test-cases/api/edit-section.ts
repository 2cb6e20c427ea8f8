import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { refreshSectionTree } from './refresh';

/** PUT /project/edit-section: renames and moves a section. */
export function useEditSection(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { sectionId: number; sectionName: string; parentSectionId?: number | null }) =>
      unwrap(api.PUT('/api/v1/project/edit-section', { body })),
    onSuccess: () => refreshSectionTree(qc, projectId),
  });
}

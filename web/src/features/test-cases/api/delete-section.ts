import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { refreshSectionTree } from './refresh';

/** DELETE /project/delete-section: its tests and subsections move to its parent. */
export function useDeleteSection(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sectionId: number) => unwrap(api.DELETE('/api/v1/project/delete-section', { body: { sectionId } })),
    onSuccess: () => refreshSectionTree(qc, projectId),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

// POST /project/add-section, PUT /project/edit-section (rename and move) and DELETE
// /project/delete-section: each refreshes the tree; a delete or move also changes which tests a
// section filter covers, so the lists refresh too.

export function useAddSection(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { sectionName: string; parentSectionId: number | null }) =>
      unwrap(api.POST('/api/v1/project/add-section', { body: { projectId, ...body } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sections', projectId] }),
  });
}

export function useEditSection(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { sectionId: number; sectionName: string; parentSectionId?: number | null }) =>
      unwrap(api.PUT('/api/v1/project/edit-section', { body })),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: ['sections', projectId] }), qc.invalidateQueries({ queryKey: ['tests', projectId] })]),
  });
}

export function useDeleteSection(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sectionId: number) => unwrap(api.DELETE('/api/v1/project/delete-section', { body: { sectionId } })),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: ['sections', projectId] }), qc.invalidateQueries({ queryKey: ['tests', projectId] })]),
  });
}

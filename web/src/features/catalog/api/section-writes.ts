import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { metadataKeys } from '../../project-metadata';
import { catalogKeys } from './query-keys';

// POST /project/add-section, PUT /project/edit-section (rename and move) and DELETE
// /project/delete-section: each refreshes the tree; a delete or move also changes which tests a
// section filter covers, so the lists refresh too.

const refreshTree = (qc: QueryClient, projectId: number) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: metadataKeys.sections(projectId) }),
    qc.invalidateQueries({ queryKey: catalogKeys.tests(projectId) }),
  ]);

export function useAddSection(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { sectionName: string; parentSectionId: number | null }) =>
      unwrap(api.POST('/api/v1/project/add-section', { body: { projectId, ...body } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: metadataKeys.sections(projectId) }),
  });
}

export function useEditSection(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { sectionId: number; sectionName: string; parentSectionId?: number | null }) =>
      unwrap(api.PUT('/api/v1/project/edit-section', { body })),
    onSuccess: () => refreshTree(qc, projectId),
  });
}

export function useDeleteSection(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sectionId: number) => unwrap(api.DELETE('/api/v1/project/delete-section', { body: { sectionId } })),
    onSuccess: () => refreshTree(qc, projectId),
  });
}

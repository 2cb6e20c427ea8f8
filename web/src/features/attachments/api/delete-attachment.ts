import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { attachmentKeys } from './query-keys';

/** DELETE /attachment/delete: the record and its bytes; then the project's lists of files are read again, and `onDeleted` refreshes what counts them. */
export function useDeleteAttachment(projectId: number, onDeleted?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: number) =>
      unwrap(api.DELETE('/api/v1/attachment/delete', { params: { query: { projectId, attachmentId } } })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: attachmentKeys.all(projectId) });
      onDeleted?.();
    },
  });
}

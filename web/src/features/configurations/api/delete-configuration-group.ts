import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { configurationKeys } from './query-keys';

/** DELETE /project/delete-configuration-group (Admin): the group and its options; runs made with them stay as they are. */
export function useDeleteConfigurationGroup(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) => unwrap(api.DELETE('/api/v1/project/delete-configuration-group', { body: { projectId, groupId } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: configurationKeys.list(projectId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { configurationKeys } from './query-keys';

/** POST /project/add-configuration-group (User): a group and its options in order; the list refetches. */
export function useAddConfigurationGroup(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; options: string[] }) =>
      unwrap(api.POST('/api/v1/project/add-configuration-group', { body: { ...body, projectId } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: configurationKeys.list(projectId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { configurationKeys } from './query-keys';

export type EditGroupBody = Omit<JsonBody<'putProjectEditConfigurationGroup'>, 'projectId'>;

/** PUT /project/edit-configuration-group (User): a new name, or the whole new list of options; the list refetches. */
export function useEditConfigurationGroup(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EditGroupBody) => unwrap(api.PUT('/api/v1/project/edit-configuration-group', { body: { ...body, projectId } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: configurationKeys.list(projectId) }),
  });
}

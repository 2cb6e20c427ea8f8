import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { authKeys } from '../../auth';

/** Creates an organization (an Admin of the installation); the caller is its Admin, so their organizations and roles refresh. */
export function useCreateOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orgName, key }: { orgName: string; key: string }) =>
      unwrap(api.POST('/api/v1/org/create', { body: { orgName }, headers: { 'Idempotency-Key': key } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
        queryClient.invalidateQueries({ queryKey: authKeys.orgs() }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { testKeys } from '../../test-cases';

// Writes of a project's shared steps. Their list is the test catalog's read (test-cases' useSharedSteps,
// under testKeys.all): an edit changes every test using them, so the project's tests are read again too.

type Input = { name: string; steps: { action: string; expected?: string; data?: string }[] };

/** Add (no id), edit (an id) or delete shared steps. */
export function useSharedStepsWrites(projectId: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: testKeys.all(projectId) });
  return {
    save: useMutation({
      mutationFn: ({ sharedStepsId, ...input }: Input & { sharedStepsId?: number }) =>
        sharedStepsId === undefined
          ? unwrap(api.POST('/api/v1/project/add-shared-steps', { body: { projectId, ...input } }))
          : unwrap(api.PUT('/api/v1/project/edit-shared-steps', { body: { sharedStepsId, ...input } })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (sharedStepsId: number) => unwrap(api.DELETE('/api/v1/project/delete-shared-steps', { body: { sharedStepsId } })),
      onSuccess: refresh,
    }),
  };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { tokenKeys } from './query-keys';

type GenerateTokenBody = JsonBody<'postTokenGenerate'>;

/** Mints a token; its secret is in this answer only, so the caller keeps it in memory, never in the cache. */
export function useGenerateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateTokenBody) => unwrap(api.POST('/api/v1/token/generate', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all() }),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation';
import type { JsonBody } from '../../../lib/json-body';
import { tokenKeys } from './query-keys';

type GenerateTokenBody = JsonBody<'postTokenGenerate'>;

/**
 * Mints a token, one per submission; its secret is in this answer only, so the caller keeps it in
 * memory, never in the cache. No Idempotency-Key: the server would keep the answer, secret and all,
 * to replay it, so only the in-flight guard stops a double click.
 */
export function useGenerateToken() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: GenerateTokenBody) => unwrap(api.POST('/api/v1/token/generate', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all() }),
  });
}

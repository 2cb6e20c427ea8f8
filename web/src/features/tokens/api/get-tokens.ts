import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** The caller's API tokens, without their secrets (revoked ones included). */
export const tokensQueryOptions = () => queryOptions({ queryKey: ['tokens'], queryFn: () => unwrap(api.GET('/api/v1/tokens')) });

export const useTokens = () => useQuery(tokensQueryOptions());

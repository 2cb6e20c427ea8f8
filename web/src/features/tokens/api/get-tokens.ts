import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { tokenKeys } from './query-keys';

/** The caller's API tokens, without their secrets (revoked ones included). */
export const tokensQueryOptions = () => queryOptions({ queryKey: tokenKeys.all(), queryFn: () => unwrap(api.GET('/api/v1/tokens')) });

export const useTokens = () => useQuery(tokensQueryOptions());

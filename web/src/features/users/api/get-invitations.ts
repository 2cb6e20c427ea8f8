import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { userKeys } from './query-keys';

/** One page of an organization's pending invitations, newest first (Admin only). */
export const invitationsQueryOptions = (orgId: number, limit: number, offset: number) =>
  queryOptions({
    queryKey: userKeys.invitationPage(orgId, { limit, offset }),
    queryFn: () => unwrap(api.GET('/api/v1/invitations', { params: { query: { orgId, limit, offset } } })),
  });

export const useInvitations = (orgId: number, limit: number, offset: number) =>
  useQuery({ ...invitationsQueryOptions(orgId, limit, offset), placeholderData: keepPreviousData });

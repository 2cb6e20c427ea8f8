import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { AuditQuery } from '../audit-query';
import { auditKeys } from './query-keys';

/** One page of an organization's audit log, newest first, narrowed by the filters given (Admin only). */
export const auditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.page(query.orgId, query),
    queryFn: () => unwrap(api.GET('/api/v1/audit', { params: { query } })),
  });

// The previous page stays on screen while the next loads, so paging does not jump.
export const useAudit = (query: AuditQuery) => useQuery({ ...auditQueryOptions(query), placeholderData: keepPreviousData });

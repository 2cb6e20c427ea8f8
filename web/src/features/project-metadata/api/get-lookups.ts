import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { metadataKeys } from './query-keys';

// The five lookup lists of a project (entries { id, name }), for every screen that shows or
// picks a priority, type, automation status, platform or "covered by": the catalog's filters,
// the test case form, the run screens.

export const LOOKUP_PATHS = {
  priority: '/api/v1/priority',
  type: '/api/v1/type',
  automationStatus: '/api/v1/automation-status',
  platform: '/api/v1/platforms',
  testCoveredBy: '/api/v1/test-covered-by',
} as const;
export type LookupKind = keyof typeof LOOKUP_PATHS;

/** Lookup lists change rarely: they are kept fresh for a few minutes. */
export const lookupQueryOptions = (kind: LookupKind, projectId: number) =>
  queryOptions({
    queryKey: metadataKeys.lookup(kind, projectId),
    queryFn: () => unwrap(api.GET(LOOKUP_PATHS[kind], { params: { query: { projectId } } })),
    staleTime: 5 * 60_000,
  });

export const useLookup = (kind: LookupKind, projectId: number) => useQuery(lookupQueryOptions(kind, projectId));

/** All five lists at once: `const { priority, type } = useProjectLookups(projectId)`, each a query result. */
export function useProjectLookups(projectId: number) {
  return {
    priority: useLookup('priority', projectId),
    type: useLookup('type', projectId),
    automationStatus: useLookup('automationStatus', projectId),
    platform: useLookup('platform', projectId),
    testCoveredBy: useLookup('testCoveredBy', projectId),
  };
}

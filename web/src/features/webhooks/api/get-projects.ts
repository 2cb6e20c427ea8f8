import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** The organization's projects (the first 1000, active and not), to choose the one a webhook is for and to name it. */
const projectsQueryOptions = (orgId: number, isActive: boolean) =>
  queryOptions({
    queryKey: [...webhookKeys.all(), 'projects', orgId, isActive] as const,
    queryFn: () =>
      unwrap(api.GET('/api/v1/projects', { params: { query: { orgId, isActive: isActive ? 'true' : 'false', page: 1, pageSize: 1000 } } })),
    staleTime: 60_000,
  });

export function useOrgProjects(orgId: number): { projectId: number; projectName: string }[] {
  const active = useQuery(projectsQueryOptions(orgId, true));
  const inactive = useQuery(projectsQueryOptions(orgId, false));
  return [...(active.data?.projects ?? []), ...(inactive.data?.projects ?? [])];
}

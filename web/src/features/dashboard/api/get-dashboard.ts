import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { dashboardKeys } from './query-keys';

export type { Dashboard, DashboardRun, DashboardTest, FlakyReason } from '../dashboard-types';

/** A project's last `days` at a glance (GET /project/dashboard): runs' pass rates, results per day, counts, top tests, coverage. */
export const dashboardQueryOptions = (projectId: number, days: number) =>
  queryOptions({
    queryKey: dashboardKeys.period(projectId, days),
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/project/dashboard', { params: { query: { projectId, days } }, signal })),
  });

// The previous period stays on screen while the next loads, so switching does not blank the page.
export const useDashboard = (projectId: number, days: number) =>
  useQuery({ ...dashboardQueryOptions(projectId, days), placeholderData: keepPreviousData });

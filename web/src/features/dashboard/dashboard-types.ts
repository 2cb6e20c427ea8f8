import type { paths } from '../../lib/api-types';

// The dashboard's answer, as types only: what imports them (the period helpers, their unit test)
// does not pull in the API client and the browser globals it needs.

export type Dashboard = paths['/api/v1/project/dashboard']['get']['responses'][200]['content']['application/json']['data'];
export type DashboardRun = Dashboard['runs'][number];
export type DashboardTest = Dashboard['flakiest'][number];
export type FlakyReason = DashboardTest['flakyReasons'][number];

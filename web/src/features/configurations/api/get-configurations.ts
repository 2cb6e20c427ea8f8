import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { paths } from '../../../lib/api-types';
import { configurationKeys } from './query-keys';

type Answer = paths['/api/v1/project/configurations']['get']['responses'][200]['content']['application/json']['data'];
/** A configuration group (Browser) with its options (Chrome, Firefox) in order. */
export type ConfigurationGroup = Answer['groups'][number];
export type ConfigurationOption = ConfigurationGroup['options'][number];

export const configurationsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: configurationKeys.list(projectId),
    queryFn: async () => (await unwrap(api.GET('/api/v1/project/configurations', { params: { query: { projectId } } }))).groups,
  });

/** GET /project/configurations: the project's groups by name, each with its options in order (data: the groups). */
export const useConfigurations = (projectId: number) => useQuery(configurationsQueryOptions(projectId));

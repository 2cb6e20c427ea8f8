import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { milestoneKeys, type MilestoneListQuery } from './query-keys';

/**
 * A page of a project's milestones (open first, by due date), each with its runs' counts. Read
 * again whenever shown (staleTime 0, a cheap revalidation by ETag): results recorded in runs
 * change the counts without a write of the milestone.
 */
export const milestonesQueryOptions = (projectId: number, q: MilestoneListQuery) =>
  queryOptions({
    queryKey: milestoneKeys.list(projectId, q),
    queryFn: () => unwrap(api.GET('/api/v1/milestones', { params: { query: { projectId, ...q } } })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useMilestones = (projectId: number, q: MilestoneListQuery) => useQuery(milestonesQueryOptions(projectId, q));

/** Every milestone of the project (the most one page holds), for pickers and names. */
export const useAllMilestones = (projectId: number) => useMilestones(projectId, { limit: 1000, offset: 0 });

export type Milestone = NonNullable<ReturnType<typeof useMilestones>['data']>['milestones'][number];

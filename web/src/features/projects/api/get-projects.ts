import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { projectKeys } from './query-keys';

export interface ProjectsQuery {
  orgId: number;
  isActive: boolean;
  page: number;
  pageSize: number;
}

/** One page of an organization's active or inactive projects, `{ projects, total, page, pageSize }`. */
export const projectsQueryOptions = (q: ProjectsQuery) =>
  queryOptions({
    queryKey: projectKeys.list(q),
    queryFn: () => unwrap(api.GET('/api/v1/projects', { params: { query: { ...q, isActive: q.isActive ? 'true' : 'false' } } })),
    placeholderData: keepPreviousData,
  });

export const useProjects = (q: ProjectsQuery) => useQuery(projectsQueryOptions(q));

export type ProjectPage = Awaited<ReturnType<NonNullable<ReturnType<typeof projectsQueryOptions>['queryFn']>>>;
export type Project = ProjectPage['projects'][number];

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, unwrap } from '../../../lib/api';
import { useMe } from '../../auth';
import { runKeys } from './query-keys';

/** GET /project/members: the members of the project's organization, by name. */
export const assigneesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: runKeys.assignees(projectId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/project/members', { params: { query: { projectId } }, signal })),
    staleTime: 60_000,
  });

export interface Assignees {
  members: { userId: number; name: string }[];
  /** Name by user id. */
  names: ReadonlyMap<number, string>;
  /** The signed-in user's id. */
  meId: number | undefined;
}

/** Who tests of the project's runs may be assigned to, their names by id, and who is signed in. */
export function useAssignees(projectId: number): Assignees {
  const members = useQuery(assigneesQueryOptions(projectId)).data;
  const meId = useMe().data?.userId;
  return useMemo(() => ({ members: members ?? [], names: new Map((members ?? []).map((m) => [m.userId, m.name])), meId }), [members, meId]);
}

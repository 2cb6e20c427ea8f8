import { useMe } from './api/get-me';

export type Role = 'Reader' | 'User' | 'Admin';
const rank: Record<Role, number> = { Reader: 0, User: 1, Admin: 2 };

/**
 * The caller's role in an organization (undefined while loading or when not a member), so a
 * screen can hide what the role may not do. The server stays the authority (403).
 */
export function useRole(orgId: number | undefined): Role | undefined {
  const { data } = useMe();
  if (orgId === undefined) return undefined;
  return data?.memberships.find((m) => m.orgId === orgId)?.role;
}

/** True when `role` is at least `minimum`: `atLeast(useRole(orgId), 'User')`. */
export const atLeast = (role: Role | undefined, minimum: Role) => role !== undefined && rank[role] >= rank[minimum];

/** True when the caller is Admin of at least one organization. */
export function useIsAnyAdmin(): boolean {
  const { data } = useMe();
  return Boolean(data?.memberships.some((m) => m.role === 'Admin'));
}

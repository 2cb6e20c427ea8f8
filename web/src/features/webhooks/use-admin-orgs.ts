import { useMe, useOrgs } from '../auth';

/** The organizations the caller administers, and a name for each (an id while the names load). */
export function useAdminOrgs() {
  const me = useMe();
  const orgs = useOrgs();
  const adminOrgIds = me.data?.memberships.filter((m) => m.role === 'Admin').map((m) => m.orgId) ?? [];
  const orgName = (orgId: number) => orgs.data?.find((o) => o.orgId === orgId)?.orgName ?? `Organization ${orgId}`;
  return { me, adminOrgIds, orgName };
}

import { useSearchParams } from 'react-router';
import { useMe } from './api/get-me';
import { useOrgs } from './api/get-orgs';

/** The organizations the caller administers, and a name for each (an id while the names load). */
export function useAdminOrgs() {
  const me = useMe();
  const orgs = useOrgs();
  const adminOrgIds = me.data?.memberships.filter((m) => m.role === 'Admin').map((m) => m.orgId) ?? [];
  const orgName = (orgId: number) => orgs.data?.find((o) => o.orgId === orgId)?.orgName ?? `Organization ${orgId}`;
  return { me, adminOrgIds, orgName };
}

/**
 * The organization an Admin's screen (Users, Webhooks) works on: ?orgId= keeps the choice in the
 * address (reload, links); an unknown one falls back to the first administered (undefined: none).
 */
export function useChosenAdminOrg() {
  const admin = useAdminOrgs();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('orgId'));
  const orgId: number | undefined = admin.adminOrgIds.includes(asked) ? asked : admin.adminOrgIds[0];
  return { ...admin, orgId, choose: (id: number) => setParams({ orgId: String(id) }) };
}

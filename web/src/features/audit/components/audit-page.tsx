import { useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { useMe, useOrgs } from '../../auth';
import { useAudit } from '../api/get-audit';
import { usePeople } from '../api/get-people';
import { AUDIT_PAGE_SIZE, apiQueryOf, filtersOf, paramsOf, type AuditFilters } from '../audit-query';
import { AuditFilterForm } from './audit-filters';
import { AuditTable } from './audit-table';
import '../audit.css';

/** The audit log (Admin): who did what and when in an organization, filtered by person, kind and days, paged. */
export function AuditPage() {
  const me = useMe();
  const orgs = useOrgs();
  const [params, setParams] = useSearchParams();
  const adminOrgIds = me.data?.memberships.filter((m) => m.role === 'Admin').map((m) => m.orgId) ?? [];
  const orgName = (orgId: number) => orgs.data?.find((o) => o.orgId === orgId)?.orgName ?? `Organization ${orgId}`;

  if (!me.data) return <Page title="Audit log">{me.isPending && <p className="muted">Loading…</p>}</Page>;
  if (adminOrgIds.length === 0) {
    return (
      <Page title="Audit log">
        <p className="muted">Only Admins read the audit log. You are not an Admin of any of your organizations.</p>
      </Page>
    );
  }
  // ?orgId= keeps the chosen organization in the address; an unknown one falls back to the first.
  const asked = Number(params.get('orgId'));
  const orgId = adminOrgIds.includes(asked) ? asked : adminOrgIds[0];
  const filters = filtersOf(params);
  const show = (next: AuditFilters, org = orgId) => setParams(paramsOf(org, next));

  return (
    <Page title="Audit log">
      {adminOrgIds.length > 1 ? (
        <div className="audit-org">
          <label htmlFor="audit-org">Organization</label>
          <select id="audit-org" value={orgId} onChange={(e) => show({ ...filters, actorId: '', offset: 0 }, Number(e.target.value))}>
            {adminOrgIds.map((id) => (
              <option key={id} value={id}>
                {orgName(id)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="muted">
          Organization: <strong>{orgName(orgId)}</strong>
        </p>
      )}
      <AuditLog key={orgId} orgId={orgId} filters={filters} onFilters={show} />
    </Page>
  );
}

function AuditLog({ orgId, filters, onFilters }: { orgId: number; filters: AuditFilters; onFilters: (f: AuditFilters) => void }) {
  const people = usePeople(orgId);
  const audit = useAudit(apiQueryOf(orgId, filters));
  const names = new Map(people.data?.users.map((u) => [u.userId, u.name]));
  const nameOf = (userId: number | null) => (userId === null ? 'Command line' : (names.get(userId) ?? `User ${userId}`));
  const filtered = Boolean(filters.actorId || filters.action || filters.from || filters.to);
  return (
    <>
      <AuditFilterForm filters={filters} people={people.data?.users ?? []} onApply={onFilters} />
      <ErrorMessage error={audit.error ?? people.error} />
      {audit.isPending && <p className="muted">Loading…</p>}
      {audit.data && (
        <>
          {audit.data.events.length > 0 ? (
            <AuditTable events={audit.data.events} nameOf={nameOf} />
          ) : (
            <p className="muted">{filtered ? 'No entries match these filters.' : 'Nothing recorded yet.'}</p>
          )}
          <Pager
            label="Audit pages"
            offset={filters.offset}
            limit={AUDIT_PAGE_SIZE}
            total={audit.data.total}
            onOffset={(offset) => onFilters({ ...filters, offset })}
            emptyText="No entries"
          />
        </>
      )}
    </>
  );
}

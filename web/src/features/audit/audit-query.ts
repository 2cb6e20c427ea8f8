import type { paths } from '../../lib/api-types';

// The audit screen's filters live in the address (?orgId=&actorId=&action=&from=&to=&offset=),
// so a filtered page survives a reload and can be linked. Dates are days of the person's own
// calendar: `from` starts at that day's local midnight, `to` takes the whole day (up to the
// next midnight, which the API's `to` excludes).

export type AuditQuery = NonNullable<paths['/api/v1/audit']['get']['parameters']['query']>;
export type AuditAction = NonNullable<AuditQuery['action']>;

export const AUDIT_PAGE_SIZE = 25;

export const AUDIT_ACTIONS: { value: AuditAction; label: string }[] = [
  { value: 'user.role-changed', label: 'Role changed' },
  { value: 'user.invited', label: 'Invited' },
  { value: 'invitation.revoked', label: 'Invitation revoked' },
  { value: 'token.generated', label: 'Token generated' },
  { value: 'token.revoked', label: 'Token revoked' },
  { value: 'run.locked', label: 'Run locked' },
  { value: 'run.unlocked', label: 'Run unlocked' },
  { value: 'run.reset', label: 'Run reset' },
  { value: 'run.deleted', label: 'Run deleted' },
  { value: 'project.deleted', label: 'Project deleted' },
  { value: 'test.deleted', label: 'Test deleted' },
  { value: 'section.deleted', label: 'Section deleted' },
  { value: 'org.created', label: 'Organization created' },
  { value: 'webhook.created', label: 'Webhook added' },
  { value: 'webhook.updated', label: 'Webhook changed' },
  { value: 'webhook.secret-rotated', label: 'Webhook secret rotated' },
  { value: 'webhook.deleted', label: 'Webhook deleted' },
];

export const actionLabel = (action: string) => AUDIT_ACTIONS.find((a) => a.value === action)?.label ?? action;

/** What the filters in the address say: the inputs' values (days as YYYY-MM-DD). */
export interface AuditFilters {
  actorId: string;
  action: string;
  from: string;
  to: string;
  offset: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersOf(params: URLSearchParams): AuditFilters {
  const day = (key: string) => (DAY.test(params.get(key) ?? '') ? params.get(key)! : '');
  const offset = Number(params.get('offset'));
  return {
    actorId: /^\d+$/.test(params.get('actorId') ?? '') ? params.get('actorId')! : '',
    action: AUDIT_ACTIONS.some((a) => a.value === params.get('action')) ? params.get('action')! : '',
    from: day('from'),
    to: day('to'),
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
}

/** The address's parameters for the filters (empty ones left out); a changed filter starts again at the first page. */
export function paramsOf(orgId: number, f: AuditFilters): Record<string, string> {
  const out: Record<string, string> = { orgId: String(orgId) };
  for (const key of ['actorId', 'action', 'from', 'to'] as const) if (f[key]) out[key] = f[key];
  if (f.offset) out.offset = String(f.offset);
  return out;
}

/** Local midnight of a YYYY-MM-DD day, `plusDays` later, as an ISO date-time. */
function localMidnight(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** The API query of the filters. */
export function apiQueryOf(orgId: number, f: AuditFilters): AuditQuery {
  return {
    orgId,
    limit: AUDIT_PAGE_SIZE,
    offset: f.offset,
    ...(f.actorId ? { actorId: Number(f.actorId) } : {}),
    ...(f.action ? { action: f.action as AuditAction } : {}),
    ...(f.from ? { from: localMidnight(f.from) } : {}),
    ...(f.to ? { to: localMidnight(f.to, 1) } : {}),
  };
}

/** A short text of an entry's detail: `from → to` of a role, else its fields. */
export function detailText(detail: Record<string, unknown> | null): string {
  if (!detail) return '';
  if (typeof detail.from === 'string' && typeof detail.to === 'string') return `${detail.from} → ${detail.to}`;
  return Object.entries(detail)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');
}

import { counterVersion } from '../../core/counter-version';
import { orgCounterSql } from '../orgs/data';

type AuditInput = { query: { orgId: number } };

const auditVersionAt = (orgId: number, entries: number) => `a${orgId}.${entries}`;

/**
 * GET /audit, the version of its answer (src/http/etag.ts): the organization's audit
 * counter, moved by every entry appended to its log in that entry's transaction.
 * (The newest entry's id would not do: ids are handed out when entries are written,
 * and a transaction holding a smaller one may commit after a larger one was read.)
 * Undefined where the caller may not read the log (the route answers 404). With
 * If-None-Match it is read in the credential's statement.
 */
export const auditVersion = counterVersion<AuditInput>({
  sql: (input, orgIds) => orgCounterSql('audit_count', input.query.orgId, orgIds),
  version: (input, entries) => auditVersionAt(input.query.orgId, entries),
});

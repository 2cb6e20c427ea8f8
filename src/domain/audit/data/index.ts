export { insertAuditEvents, insertAuditEventInProject, listAuditEvents, type AuditEventFilter, type AuditEventRow } from './events';

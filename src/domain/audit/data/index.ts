export { insertAuditEvents, insertAuditEventInProject, listAuditEvents, type AuditEventRow } from './events';

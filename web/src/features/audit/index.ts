// What the app uses of the audit log: its screen.
export { AuditPage } from './components/audit-page';

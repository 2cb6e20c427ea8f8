// What other features and the app may use of auth: the signed-in user, their organizations and roles.
export { useMe } from './api/get-me';
export { useOrgs } from './api/get-orgs';
export { authKeys } from './api/query-keys';
export { atLeast, useIsAnyAdmin, useRole, type Role } from './use-role';
export { useAdminOrgs, useChosenAdminOrg } from './use-admin-orgs';
export { SessionEndedDialog } from './components/session-ended-dialog';

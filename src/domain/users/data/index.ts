export {
  deleteInvitation,
  findInvitationForUpdate,
  listPendingInvitations,
  markInvitationsAccepted,
  pendingInvitations,
  upsertInvitation,
} from './invitations';
export {
  addMemberships,
  countAdmins,
  findMemberByEmail,
  findRole,
  getRole,
  membershipsOf,
  setRole,
  sharedMemberships,
  upsertMembership,
  userOrgIds,
} from './memberships';
export { deleteExpiredOAuthStates, insertOAuthState, takeOAuthState } from './oauth-states';
export {
  deleteExpiredSessions,
  deleteSession,
  epochMs,
  findSessionCredential,
  insertSession,
  credentialMemberships,
  membershipColumns,
  withRider,
  type CredentialRider,
  type CredentialRow,
} from './sessions';
export {
  countUsers,
  findUserByEmail,
  findUserBySubject,
  findVisibleUser,
  getUserShown,
  insertUser,
  listUsersPage,
  setUserSubject,
  upsertUserByEmail,
  type UserRow,
} from './users';
export { noteUserChange, noteUsersChange, tokenOwnerSql, userChangeCount, visibleUserChangeCount } from './changes';

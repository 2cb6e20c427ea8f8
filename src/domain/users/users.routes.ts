import { route } from '../../core/route';
import {
  allUsersQuery,
  invitationPage,
  invitationRecord,
  invitationRevoked,
  invitationsQuery,
  inviteBody,
  revokeInvitationBody,
  updateRoleBody,
  userDetailsQuery,
  userPage,
  userRecord,
} from './users.schemas';
import { inviteUser, listInvitations, revokeInvitation } from './invitations.service';
import { getUser, listUsers, updateRole } from './users.service';
import { allUsersVersion, userDetailsVersion } from './user-version';
import { memberOrgs } from './user-visibility';
import { memberOrgsAmongSql } from '../orgs/data';

const tag = 'Users';

export const userRoutes = [
  route({
    method: 'get',
    path: '/user/details',
    resource: 'user',
    action: 'read',
    tag,
    summary: 'Details of a user (default: the caller); another user only for an Admin of an organization both share, as /all-users',
    query: userDetailsQuery,
    response: userRecord,
    caching: { etag: userDetailsVersion },
    handler: (ctx, { query }) => getUser(ctx, { userId: query.userId ?? ctx.userId, orgId: query.orgId }),
  }),
  route({
    method: 'get',
    path: '/all-users',
    resource: 'user',
    action: 'list',
    tag,
    summary: "Users of the caller's organizations (Admin)",
    query: allUsersQuery,
    response: userPage,
    caching: { etag: allUsersVersion },
    handler: (ctx, { query }) => listUsers(ctx, query),
  }),
  route({
    method: 'put',
    path: '/user/update-role',
    resource: 'user',
    action: 'update-role',
    tag,
    summary: "Change a user's role in one organization (Admin of that organization)",
    body: updateRoleBody,
    response: userRecord,
    errors: ['last_admin'],
    changes: {
      user: ({ body }) => body.userId,
      // The organization named, or the only one the user shares with the caller (else the request is refused).
      org: ({ body }, ctx) => body.orgId ?? memberOrgsAmongSql(body.userId, memberOrgs(ctx)),
      audit: true,
    },
    handler: (ctx, { body }) => updateRole(ctx, body),
  }),
  route({
    method: 'post',
    path: '/user/invite',
    resource: 'user',
    action: 'invite',
    tag,
    summary: 'Invite an email into an organization (Admin of that organization): it joins with the role at its first sign-in',
    body: inviteBody,
    response: invitationRecord,
    successStatus: 201,
    errors: ['already_member'],
    idempotent: true,
    changes: { audit: true },
    handler: (ctx, { body }) => inviteUser(ctx, body),
  }),
  route({
    method: 'get',
    path: '/invitations',
    resource: 'user',
    action: 'invite',
    tag,
    summary: "An organization's pending invitations (not yet accepted), newest first (Admin of that organization)",
    query: invitationsQuery,
    response: invitationPage,
    handler: (ctx, { query }) => listInvitations(ctx, query),
  }),
  route({
    method: 'delete',
    path: '/invitation/revoke',
    resource: 'user',
    action: 'invite',
    tag,
    summary: "Withdraw a pending invitation (Admin of its organization): the email's first sign-in no longer joins",
    body: revokeInvitationBody,
    response: invitationRevoked,
    errors: ['invitation_accepted'],
    changes: { audit: true },
    handler: (ctx, { body }) => revokeInvitation(ctx, body),
  }),
];

import type { Db } from '../db/client';
import { findOrgByKey, insertOrg, noteMemberOrgsChange } from '../domain/orgs/data';
import { issueToken } from '../domain/tokens/tokens.service';
import { findUserByEmail, membershipsOf, noteUserChange, upsertMembership, upsertUserByEmail } from '../domain/users/data';
import { roleEnum } from '../domain/users/users.schemas';

/** A failure of an administration command, told to the operator as is. */
export class CommandError extends Error {
  override name = 'CommandError';
}

export async function createOrganization(db: Db, name: string) {
  const existing = await findOrgByKey(db, { orgName: name });
  if (existing) throw new CommandError(`organization "${name}" already exists (orgId ${existing.orgId})`);
  return insertOrg(db, name);
}

async function findOrg(db: Db, ref: string) {
  const org = /^[0-9]+$/.test(ref) ? await findOrgByKey(db, { orgId: Number(ref) }) : await findOrgByKey(db, { orgName: ref });
  if (!org) throw new CommandError(`no organization "${ref}" (create it with: casebook org create --name "${ref}")`);
  return org;
}

/** Creates the user, or adds the membership of an existing one; the role is set in that organization only. */
export async function createOrUpdateUser(db: Db, input: { email: string; name: string; role: string; org: string }) {
  const role = roleEnum.safeParse(input.role);
  if (!role.success) throw new CommandError(`--role must be one of Reader, User, Admin (got "${input.role}")`);
  if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) throw new CommandError(`--email "${input.email}" is not an email address`);
  const org = await findOrg(db, input.org);
  const email = input.email.toLowerCase();
  const { user, memberships } = await db.$transaction(async (tx) => {
    const user = await upsertUserByEmail(tx, email, input.name);
    // The user's row (its details show name and memberships) before the membership, the organizations last:
    // every member list of the user shows its name (orgs/data/changes.ts).
    await noteUserChange(tx, user.userId);
    await upsertMembership(tx, user.userId, org.orgId, role.data);
    await noteMemberOrgsChange(tx, user.userId);
    return { user, memberships: await membershipsOf(tx, user.userId) };
  });
  return { userId: user.userId, email: user.email, name: user.name, role: role.data, orgIds: memberships.map((m) => m.orgId), memberships };
}

export async function createTokenForEmail(db: Db, email: string, name?: string): Promise<string> {
  const user = await findUserByEmail(db, email.toLowerCase());
  if (!user) throw new CommandError(`no user with email ${email} (create one with: casebook user create ...)`);
  return (await issueToken(db, user.userId, name ?? 'cli')).token;
}

/**
 * What to do instead when the embedded database is held by a running server:
 * the same change through its API, with an Admin's token.
 */
export function throughRunningServer(command: 'org' | 'user' | 'token', publicUrl: string): string {
  const call = (method: string, path: string, body: string) =>
    `  curl -X ${method} ${publicUrl}/api/v1${path} -H "Authorization: Bearer $ADMIN_TOKEN" -H "Content-Type: application/json" -d '${body}'`;
  const viaApi = {
    token: [
      "Create the token through the running server instead, with an Admin's token (such as the one printed at its first start):",
      call('POST', '/token/generate', '{"userId": 1, "name": "ci"}'),
      '(user ids: GET /api/v1/all-users)',
    ],
    user: [
      "Invite the user through the running server instead, with an Admin's token (such as the one printed at its first start); they join at their first sign-in:",
      call('POST', '/user/invite', '{"orgId": 1, "email": "tess@example.com", "role": "User"}'),
      "(an existing member's role: PUT /api/v1/user/update-role)",
    ],
    org: [
      'Create the organization through the running server instead, with the token of an Admin of its first organization (such as the one printed at its first start):',
      call('POST', '/org/create', '{"orgName": "Mobile team"}'),
      'or stop the server, run this command, then start the server again.',
    ],
  }[command];
  return viaApi.join('\n');
}

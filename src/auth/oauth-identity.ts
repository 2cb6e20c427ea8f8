import type { Db, Tx } from '../db/client';
import type { Role, User } from '../generated/prisma/client';
import { parseEmailAddress, type EmailAddress } from '../core/email-address';
import { findOldestOrgId, findOrgId, noteOrgChange } from '../domain/orgs/data';
import {
  addMemberships,
  findUserByEmail,
  findUserBySubject,
  insertUser,
  markInvitationsAccepted,
  noteUserChange,
  pendingInvitations,
  setUserSubject,
} from '../domain/users/data';

/** What the provider's userinfo says about the person signing in. */
export interface OAuthProfile {
  /** The provider's `sub`: the identity itself, stable when the email changes. */
  subject: string;
  email: string;
  /** The provider's `email_verified: true`: the person proved they own `email`. */
  emailVerified: boolean;
  name: string;
}

/** Who a first login may admit besides the invited (Config.oauthAdmission plus ADMIN_EMAILS). */
export interface AdmissionPolicy {
  adminEmails: string[];
  allowedDomains: string[];
  defaultOrg?: string;
  trustUnverifiedEmail: boolean;
}

export type RefusalReason = 'not-invited' | 'unverified-email' | 'subject-mismatch' | 'malformed-email';
export type LoginOutcome = { user: User } | { refused: RefusalReason; detail?: string };

/**
 * The account behind an OAuth login, matched on the provider's subject. An
 * account without one yet (made by `casebook user create` or the bootstrap) is
 * linked by email, only when the provider vouches for that email. An unknown
 * identity gets an account only when invited, or from an allowed domain;
 * otherwise nothing is written and the login is refused. So is an email that
 * is not one well-formed address, before anything is looked up by it.
 */
export async function admitOAuthLogin(db: Db, profile: OAuthProfile, policy: AdmissionPolicy): Promise<LoginOutcome> {
  const email = parseEmailAddress(profile.email);
  if (!email) return { refused: 'malformed-email' };
  const attempt = () => db.$transaction((tx) => admit(tx, { ...profile, email: email.address }, email, policy));
  try {
    return await attempt();
  } catch (e) {
    // Two first logins of the same identity at once: the loser finds the winner's row.
    if ((e as { code?: string }).code === 'P2002') return attempt();
    throw e;
  }
}

async function admit(tx: Tx, p: OAuthProfile, email: EmailAddress, policy: AdmissionPolicy): Promise<LoginOutcome> {
  const emailProven = p.emailVerified || policy.trustUnverifiedEmail;
  const admin = policy.adminEmails.includes(p.email);

  const bySubject = await findUserBySubject(tx, p.subject);
  if (bySubject) {
    if (emailProven) await acceptInvitations(tx, bySubject.userId, p.email, admin);
    return { user: bySubject };
  }

  const byEmail = await findUserByEmail(tx, p.email);
  if (byEmail) {
    // Another identity already owns this account: the same email does not make the same person.
    if (byEmail.oauthSubject !== null) return { refused: 'subject-mismatch' };
    if (!emailProven) return { refused: 'unverified-email' };
    const user = await setUserSubject(tx, byEmail.userId, p.subject);
    await acceptInvitations(tx, user.userId, p.email, admin);
    return { user };
  }

  if (!emailProven) return { refused: 'unverified-email' };
  const invitations = await pendingInvitations(tx, p.email);
  const joins = new Map<number, Role>(invitations.map((i) => [i.orgId, admin ? 'Admin' : i.role]));
  let detail: string | undefined;
  if (joins.size === 0 && (admin || policy.allowedDomains.includes(email.domain))) {
    const org = await defaultOrg(tx, policy.defaultOrg, admin);
    if (org) joins.set(org.orgId, admin ? 'Admin' : 'Reader');
    else if (policy.defaultOrg) detail = `OAUTH_DEFAULT_ORG "${policy.defaultOrg}" names no organization`;
  }
  if (joins.size === 0) return { refused: 'not-invited', detail };

  const user = await insertUser(
    tx,
    { email: p.email, name: p.name, oauthSubject: p.subject },
    [...joins].map(([orgId, role]) => ({ orgId, role })),
  );
  await markAccepted(tx, invitations);
  // The member lists of the organizations joined show the newcomer (organizations last: orgs/data/changes.ts).
  await noteOrgChange(tx, [...joins.keys()]);
  return { user };
}

async function markAccepted(tx: Tx, invitations: { invitationId: number }[]) {
  if (invitations.length === 0) return;
  await markInvitationsAccepted(
    tx,
    invitations.map((i) => i.invitationId),
    new Date(),
  );
}

/** Invitations made since the account exists: joined at its next login; an existing membership keeps its role. */
async function acceptInvitations(tx: Tx, userId: number, email: string, admin: boolean) {
  const invitations = await pendingInvitations(tx, email);
  if (invitations.length === 0) return;
  // The user's row before its memberships (users/data/changes.ts): the user's details show them.
  await noteUserChange(tx, userId);
  await addMemberships(
    tx,
    invitations.map((i) => ({ userId, orgId: i.orgId, role: admin ? 'Admin' : i.role })),
  );
  await markAccepted(tx, invitations);
  // The member lists of the organizations joined show the user.
  await noteOrgChange(
    tx,
    invitations.map((i) => i.orgId),
  );
}

/**
 * OAUTH_DEFAULT_ORG (a name or an id). An ADMIN_EMAILS address with neither an
 * invitation nor that setting gets the oldest organization (the bootstrap's
 * `Default` on a fresh install), so an operator can still sign in first.
 */
function defaultOrg(tx: Tx, ref: string | undefined, admin: boolean) {
  if (ref === undefined) {
    return admin ? findOldestOrgId(tx) : Promise.resolve(null);
  }
  // As `casebook user create --org`: digits are an id, anything else a name.
  const where = /^[0-9]{1,9}$/.test(ref) ? { orgId: Number(ref) } : { orgName: ref };
  return findOrgId(tx, where);
}

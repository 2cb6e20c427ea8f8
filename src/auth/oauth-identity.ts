import type { Db } from '../db/client';

/**
 * The user behind an OAuth login, created at first sight: role Reader, or Admin
 * for the configured admin addresses, member of the oldest organization.
 */
export async function findOrCreateOAuthUser(db: Db, profile: { email: string; name: string }, adminEmails: string[]) {
  const email = profile.email.toLowerCase();
  const existing = await db.user.findUnique({ where: { email } });
  if (existing) return existing;
  const oldestOrg = await db.organization.findFirst({ orderBy: { orgId: 'asc' }, select: { orgId: true } });
  const role = adminEmails.includes(email) ? 'Admin' : 'Reader';
  return db.user.upsert({
    where: { email },
    update: {},
    create: { email, name: profile.name, memberships: oldestOrg ? { create: { orgId: oldestOrg.orgId, role } } : undefined },
  });
}

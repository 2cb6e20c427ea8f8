import type { Db } from '../../db/client';
import type { Role } from '../../generated/prisma/client';
import type { RequestContext } from '../../http/route';
import { conflict, notFound } from '../../http/errors';
import { requireOrgMember } from '../access';

const userSelect = { userId: true, name: true, email: true, role: true, memberships: { select: { orgId: true }, orderBy: { orgId: 'asc' } } } as const;

type UserRow = { userId: number; name: string; email: string; role: Role; memberships: { orgId: number }[] };
const toUser = ({ memberships, ...u }: UserRow) => ({ ...u, orgIds: memberships.map((m) => m.orgId) });

/** Users the caller can see: those sharing one of the caller's organizations (and the caller). */
const visibleTo = (ctx: RequestContext, userId: number) => ({
  userId,
  OR: [{ userId: ctx.userId }, { memberships: { some: { orgId: { in: ctx.orgIds } } } }],
});

export async function getUser(ctx: RequestContext, userId: number) {
  const user = await ctx.db.user.findFirst({ where: visibleTo(ctx, userId), select: userSelect });
  if (!user) throw notFound('User');
  return toUser(user);
}

export async function listUsers(ctx: RequestContext, q: { orgId?: number; limit: number; offset: number }) {
  if (q.orgId !== undefined) requireOrgMember(ctx, q.orgId);
  const where = { memberships: { some: { orgId: q.orgId ?? { in: ctx.orgIds } } } };
  const [users, total] = await Promise.all([
    ctx.db.user.findMany({ where, select: userSelect, orderBy: { userId: 'asc' }, skip: q.offset, take: q.limit }),
    ctx.db.user.count({ where }),
  ]);
  return { users: users.map(toUser), total, limit: q.limit, offset: q.offset };
}

export async function updateRole(ctx: RequestContext, userId: number, role: Role) {
  return ctx.db.$transaction(async (tx) => {
    const user = await tx.user.findFirst({ where: visibleTo(ctx, userId), select: userSelect });
    if (!user) throw notFound('User');
    if (user.role === 'Admin' && role !== 'Admin') {
      // Someone must remain able to manage users.
      const admins = await tx.user.count({ where: { role: 'Admin' } });
      if (admins <= 1) throw conflict('Cannot change the role of the last Admin');
    }
    return toUser(await tx.user.update({ where: { userId }, data: { role }, select: userSelect }));
  });
}

/**
 * The user behind an OAuth login, created at first sight: role Reader, or Admin
 * for the configured admin addresses, member of the oldest organization.
 */
export async function findOrCreateOAuthUser(db: Db, profile: { email: string; name: string }, adminEmails: string[]) {
  const email = profile.email.toLowerCase();
  const existing = await db.user.findUnique({ where: { email } });
  if (existing) return existing;
  const oldestOrg = await db.organization.findFirst({ orderBy: { orgId: 'asc' }, select: { orgId: true } });
  return db.user.upsert({
    where: { email },
    update: {},
    create: {
      email,
      name: profile.name,
      role: adminEmails.includes(email) ? 'Admin' : 'Reader',
      memberships: oldestOrg ? { create: { orgId: oldestOrg.orgId } } : undefined,
    },
  });
}

import type { Db } from '../db/client';
import { issueToken } from '../domain/tokens/tokens.service';

/**
 * A newcomer's first start: with no users at all, create organization
 * `Default` and Admin `admin@localhost`, and hand out one token for it.
 * Returns that token, or null when the database already has users.
 */
export async function bootstrapFirstAdmin(db: Db): Promise<string | null> {
  const admin = await db.$transaction(async (tx) => {
    if ((await tx.user.count()) > 0) return null;
    const org = await tx.organization.upsert({ where: { orgName: 'Default' }, update: {}, create: { orgName: 'Default' } });
    return tx.user.create({
      data: { email: 'admin@localhost', name: 'Administrator', memberships: { create: { orgId: org.orgId, role: 'Admin' } } },
    });
  });
  if (!admin) return null;
  return (await issueToken(db, admin.userId, 'bootstrap')).token;
}

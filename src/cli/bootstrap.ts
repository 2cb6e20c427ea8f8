import type { Db } from '../db/client';
import { ensureOrg, noteOrgChange } from '../domain/orgs/data';
import { issueToken } from '../domain/tokens/tokens.service';
import { countUsers, insertUser } from '../domain/users/data';

/**
 * A newcomer's first start: with no users at all, create organization
 * `Default` and Admin `admin@localhost`, and hand out one token for it.
 * Returns that token, or null when the database already has users.
 */
export async function bootstrapFirstAdmin(db: Db): Promise<string | null> {
  const admin = await db.$transaction(async (tx) => {
    if ((await countUsers(tx)) > 0) return null;
    const org = await ensureOrg(tx, 'Default');
    const admin = await insertUser(tx, { email: 'admin@localhost', name: 'Administrator' }, [{ orgId: org.orgId, role: 'Admin' }]);
    await noteOrgChange(tx, org.orgId);
    return admin;
  });
  if (!admin) return null;
  return (await issueToken(db, admin.userId, 'bootstrap')).token;
}

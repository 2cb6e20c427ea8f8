import crypto from 'node:crypto';
import type { Db } from '../../src/db/client';
import type { Role } from '../../src/generated/prisma/client';
import { issueToken } from '../../src/domain/tokens/tokens.service';
import { defaultLookupRows } from '../../src/domain/lookups/lookup-defaults';
import { noteOrgChange } from '../../src/domain/orgs/data';

// Factories write what a test needs straight to the database, with unique names.
// Like the API's writes, they move the change counters of what they add to
// (orgs/data/changes.ts), so no client keeps an earlier answer by its ETag.

const unique = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString('hex')}`;

export function createOrg(db: Db, name = unique('org')) {
  return db.organization.create({ data: { orgName: name } });
}

export interface TestUser {
  userId: number;
  email: string;
  role: Role;
  token: string;
  tokenId: number;
}

/** A user with `role` in each of `orgIds`. */
export function createUser(db: Db, role: Role, orgIds: number[]): Promise<TestUser> {
  return createMember(
    db,
    orgIds.map((orgId) => [orgId, role]),
  );
}

/**
 * A user with a role of its own in each organization (`role` is the first one's), and a
 * token minted once they all exist: a token reaches the organizations of its user at minting.
 */
export async function createMember(db: Db, roles: [orgId: number, role: Role][]): Promise<TestUser> {
  const role = roles[0]?.[1] ?? 'Reader';
  const email = `${unique(role.toLowerCase())}@example.test`;
  const user = await db.user.create({
    data: { email, name: `${role} ${email}`, memberships: { create: roles.map(([orgId, r]) => ({ orgId, role: r })) } },
  });
  await noteOrgChange(
    db,
    roles.map(([orgId]) => orgId),
  );
  const token = await issueToken(db, user.userId, 'test');
  return { userId: user.userId, email, role, token: token.token, tokenId: token.tokenId };
}

export async function createProject(db: Db, orgId: number, fields: { projectName?: string; isActive?: boolean } = {}) {
  const project = await db.project.create({
    data: { orgId, projectName: fields.projectName ?? unique('project'), isActive: fields.isActive ?? true },
  });
  await db.lookupEntry.createMany({ data: defaultLookupRows(project.projectId) });
  await noteOrgChange(db, orgId);
  return project;
}

/**
 * Two organizations: A with a Reader, a User and an Admin and one project;
 * B with its own Admin and project. The usual cast of a role or tenancy test.
 */
export async function createWorld(db: Db) {
  const orgA = await createOrg(db);
  const orgB = await createOrg(db);
  const [reader, user, admin, adminB] = await Promise.all([
    createUser(db, 'Reader', [orgA.orgId]),
    createUser(db, 'User', [orgA.orgId]),
    createUser(db, 'Admin', [orgA.orgId]),
    createUser(db, 'Admin', [orgB.orgId]),
  ]);
  const projectA = await createProject(db, orgA.orgId);
  const projectB = await createProject(db, orgB.orgId);
  return { orgA, orgB, reader, user, admin, adminB, projectA, projectB };
}
export type World = Awaited<ReturnType<typeof createWorld>>;

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createTestApp, type TestApp } from '../support/app';

// schema.prisma and prisma/migrations describe the same database: the schema
// engine finds nothing to migrate, and every model round-trips through Prisma
// Client on a database built only from the migrations.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('leaves nothing for a new migration to do', () => {
  const root = path.resolve(__dirname, '../..');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/migration-create.ts', '--check'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(res.stderr).toBe('');
  expect(res.status).toBe(0);
  expect(res.stdout).toContain('agree');
});

it('creates, reads, updates and deletes every model', async () => {
  const db = t.db;
  const org = await db.organization.create({ data: { orgName: 'schema-org' } });
  const user = await db.user.create({ data: { email: 'schema@example.test', name: 'S' } });
  await db.membership.create({ data: { userId: user.userId, orgId: org.orgId, role: 'User' } });
  const invitation = await db.invitation.create({
    data: { orgId: org.orgId, email: 'new@example.test', role: 'User', invitedBy: user.userId },
  });
  const audit = await db.auditEvent.create({
    data: { orgId: org.orgId, actorId: user.userId, action: 'user.invited', targetType: 'user', detail: { email: 'new@example.test' } },
  });
  const session = await db.session.create({ data: { sessionHash: 'h1', userId: user.userId, expiresAt: new Date(Date.now() + 1000) } });
  const token = await db.apiToken.create({ data: { userId: user.userId, tokenHash: 'th1', name: 'n' } });
  const project = await db.project.create({ data: { orgId: org.orgId, projectName: 'p', createdBy: user.userId } });
  const parent = await db.section.create({ data: { projectId: project.projectId, sectionName: 'Auth' } });
  const child = await db.section.create({
    data: { projectId: project.projectId, sectionName: 'Login', parentSectionId: parent.sectionId },
  });
  const label = await db.label.create({ data: { projectId: project.projectId, labelName: 'Smoke', nameKey: 'smoke' } });
  const squad = await db.squad.create({ data: { projectId: project.projectId, squadName: 'Core', nameKey: 'core' } });
  const priority = await db.lookupEntry.create({ data: { projectId: project.projectId, kind: 'priority', name: 'P0' } });
  const test = await db.test.create({
    data: {
      projectId: project.projectId,
      title: 't',
      sectionId: child.sectionId,
      priorityId: priority.id,
      squadId: squad.squadId,
      labels: { create: [{ labelId: label.labelId }] },
    },
    include: { labels: true },
  });
  const run = await db.run.create({ data: { projectId: project.projectId, runName: 'r', tests: { create: [{ testId: test.testId }] } } });
  const history = await db.statusHistory.create({ data: { runId: run.runId, testId: test.testId, status: 'passed', userId: user.userId } });

  // read back through relations
  const full = await db.project.findUniqueOrThrow({
    where: { projectId: project.projectId },
    include: {
      sections: true,
      labels: true,
      squads: true,
      lookupEntries: true,
      tests: { include: { labels: true } },
      runs: { include: { tests: true, history: true } },
    },
  });
  expect(full.sections).toHaveLength(2);
  expect(full.tests[0].labels).toEqual([{ testId: test.testId, labelId: label.labelId }]);
  expect(full.runs[0].tests[0]).toMatchObject({ testId: test.testId, status: 'untested' });
  expect(full.runs[0].history[0].id).toBe(history.id);

  // updates
  await db.organization.update({ where: { orgId: org.orgId }, data: { orgName: 'schema-org-2' } });
  await db.membership.update({ where: { userId_orgId: { userId: user.userId, orgId: org.orgId } }, data: { role: 'Admin' } });
  await db.invitation.update({ where: { invitationId: invitation.invitationId }, data: { acceptedAt: new Date() } });
  expect((await db.auditEvent.findUniqueOrThrow({ where: { auditId: audit.auditId } })).detail).toEqual({ email: 'new@example.test' });
  await db.session.update({ where: { sessionHash: session.sessionHash }, data: { expiresAt: new Date() } });
  await db.apiToken.update({ where: { tokenId: token.tokenId }, data: { revokedAt: new Date() } });
  await db.project.update({ where: { projectId: project.projectId }, data: { isActive: false } });
  await db.section.update({ where: { sectionId: child.sectionId }, data: { sectionName: 'Sign in' } });
  await db.label.update({ where: { labelId: label.labelId }, data: { labelName: 'smoke', nameKey: 'smoke' } });
  await db.squad.update({ where: { squadId: squad.squadId }, data: { squadName: 'Core 2', nameKey: 'core 2' } });
  await db.lookupEntry.update({ where: { id: priority.id }, data: { position: 3 } });
  await db.test.update({ where: { testId: test.testId }, data: { deletedAt: new Date() } });
  await db.runTest.update({ where: { runId_testId: { runId: run.runId, testId: test.testId } }, data: { status: 'failed', comment: 'c' } });
  await db.run.update({ where: { runId: run.runId }, data: { locked: true, lockedBy: user.userId, lockedAt: new Date() } });
  await db.statusHistory.update({ where: { id: history.id }, data: { comment: 'edited' } });
  await db.membership.update({ where: { userId_orgId: { userId: user.userId, orgId: org.orgId } }, data: { createdAt: new Date(0) } });
  await db.testLabel.deleteMany({ where: { testId: test.testId } });

  // unique constraints hold
  await expect(db.label.create({ data: { projectId: project.projectId, labelName: 'SMOKE', nameKey: 'smoke' } })).rejects.toMatchObject({
    code: 'P2002',
  });
  await expect(db.project.create({ data: { orgId: org.orgId, projectName: 'p' } })).rejects.toMatchObject({ code: 'P2002' });

  // deleting a section removes its subtree; deleting the project cascades to everything it holds
  await db.section.delete({ where: { sectionId: parent.sectionId } });
  expect(await db.section.count({ where: { projectId: project.projectId } })).toBe(0);
  expect((await db.test.findUniqueOrThrow({ where: { testId: test.testId } })).sectionId).toBeNull();
  await db.project.delete({ where: { projectId: project.projectId } });
  for (const count of [
    db.test.count({ where: { projectId: project.projectId } }),
    db.run.count({ where: { projectId: project.projectId } }),
    db.runTest.count({ where: { runId: run.runId } }),
    db.statusHistory.count({ where: { runId: run.runId } }),
    db.label.count({ where: { projectId: project.projectId } }),
    db.squad.count({ where: { projectId: project.projectId } }),
    db.lookupEntry.count({ where: { projectId: project.projectId } }),
  ]) {
    expect(await count).toBe(0);
  }
  await db.user.delete({ where: { userId: user.userId } });
  expect(await db.session.count({ where: { userId: user.userId } })).toBe(0);
  expect(await db.apiToken.count({ where: { userId: user.userId } })).toBe(0);
  expect(await db.membership.count({ where: { userId: user.userId } })).toBe(0);
  await db.organization.delete({ where: { orgId: org.orgId } });
});

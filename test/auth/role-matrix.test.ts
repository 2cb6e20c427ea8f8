import { loadRbac } from '../../src/auth/rbac';
import { createSession } from '../../src/auth/sessions';
import { apiRoutes } from '../../src/domain/routes';
import type { Role } from '../../src/generated/prisma/client';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';

// API.md section 3, transcribed: every REST operation and the least role that may call it.
const contract: Record<string, Role> = {
  'POST /token/generate': 'Reader',
  'DELETE /token/delete': 'Reader',
  'GET /tokens': 'Reader',
  'GET /user/details': 'Reader',
  'GET /all-users': 'Admin',
  'PUT /user/update-role': 'Admin',
  'POST /user/invite': 'Admin',
  'GET /audit': 'Admin',
  'GET /invitations': 'Admin',
  'DELETE /invitation/revoke': 'Admin',
  'POST /org/create': 'Admin',
  'GET /orgs': 'Reader',
  'GET /org/detail': 'Reader',
  'GET /projects': 'Reader',
  'GET /project/detail': 'Reader',
  'POST /project/create': 'User',
  'PUT /project/edit': 'User',
  'PUT /project/update-status': 'User',
  'DELETE /project/delete': 'Admin',
  'GET /project/tests': 'Reader',
  'GET /project/tests-count': 'Reader',
  'GET /test/details': 'Reader',
  'POST /test/create': 'User',
  'PUT /test/update': 'User',
  'DELETE /test/delete': 'Admin',
  'POST /test/bulk-add': 'User',
  'PUT /test/bulk-update': 'User',
  'DELETE /test/bulk-delete': 'Admin',
  'GET /tests/download': 'Reader',
  'GET /test/status-history': 'Reader',
  'GET /test/versions': 'Reader',
  'GET /test/version': 'Reader',
  'PUT /test/restore-version': 'User',
  'GET /runs': 'Reader',
  'GET /run/detail': 'Reader',
  'POST /run/create': 'User',
  'PUT /run/edit': 'User',
  'DELETE /run/delete': 'Admin',
  'GET /run/tests': 'Reader',
  'GET /run/test-status': 'Reader',
  'GET /run/state-detail': 'Reader',
  'GET /run/section-counts': 'Reader',
  'GET /run/test-status-history': 'Reader',
  'GET /run/events': 'Reader',
  'PUT /run/update-test-status': 'User',
  'PUT /run/lock': 'User',
  'PUT /run/reset': 'User',
  'PUT /run/remove-tests': 'User',
  'PUT /run/add-tests': 'User',
  'PUT /run/unlock': 'Admin',
  'PUT /run/assign': 'User',
  'GET /my/work': 'Reader',
  'GET /project/members': 'Reader',
  'GET /project/context': 'Reader',
  'GET /run/report': 'Reader',
  'GET /defects': 'Reader',
  'POST /run/import-junit': 'User',
  'GET /run/import-progress': 'User',
  'POST /test/import-csv': 'User',
  'GET /labels': 'Reader',
  'GET /squads': 'Reader',
  'GET /sections': 'Reader',
  'GET /priority': 'Reader',
  'GET /platforms': 'Reader',
  'GET /automation-status': 'Reader',
  'GET /type': 'Reader',
  'GET /test-covered-by': 'Reader',
  'POST /project/add-labels': 'User',
  'POST /project/add-squads': 'User',
  'POST /project/add-section': 'User',
  'PUT /project/edit-section': 'User',
  'DELETE /project/delete-section': 'Admin',
  // Metadata administration added since: creating and renaming is a User's, deleting an Admin's.
  'PUT /project/edit-label': 'User',
  'DELETE /project/delete-label': 'Admin',
  'PUT /project/edit-squad': 'User',
  'DELETE /project/delete-squad': 'Admin',
  'POST /project/add-lookup': 'User',
  'PUT /project/edit-lookup': 'User',
  'DELETE /project/delete-lookup': 'Admin',
  // Shared steps: managed like the catalog they belong to.
  'GET /shared-steps': 'Reader',
  'POST /project/add-shared-steps': 'User',
  'PUT /project/edit-shared-steps': 'User',
  'DELETE /project/delete-shared-steps': 'Admin',
  // Custom fields (issue 26): managed by User and Admin, deleted (with their values) by Admin.
  'GET /custom-fields': 'Reader',
  'POST /project/add-custom-field': 'User',
  'PUT /project/edit-custom-field': 'User',
  'DELETE /project/delete-custom-field': 'Admin',
  // Attachments: evidence testers add and take back as they work.
  'POST /attachment/upload': 'User',
  'GET /attachments': 'Reader',
  'GET /attachment/download': 'Reader',
  'DELETE /attachment/delete': 'User',
  // Insight: reads across runs, for whoever may read the runs.
  'GET /project/test-stability': 'Reader',
  'GET /run/compare': 'Reader',
  'GET /project/dashboard': 'Reader',
  'GET /project/activity': 'Reader',
  'GET /test/executions': 'Reader',
  'GET /run/test-detail': 'Reader',
  // Milestones: planned by User and Admin, deleted (their runs kept) by Admin.
  'GET /milestones': 'Reader',
  'GET /milestone/detail': 'Reader',
  'GET /milestone/report': 'Reader',
  'POST /milestone/create': 'User',
  'PUT /milestone/edit': 'User',
  'PUT /milestone/complete': 'User',
  'PUT /milestone/reopen': 'User',
  'DELETE /milestone/delete': 'Admin',
  // Test plans: made, extended and locked by User and Admin; unlocked and deleted (with their runs) by Admin, as runs are.
  'GET /plans': 'Reader',
  'GET /plan/detail': 'Reader',
  'GET /plan/report': 'Reader',
  'POST /plan/create': 'User',
  'PUT /plan/add-entry': 'User',
  'PUT /plan/edit': 'User',
  'PUT /plan/lock': 'User',
  'PUT /plan/unlock': 'Admin',
  'DELETE /plan/delete': 'Admin',
  'GET /project/configurations': 'Reader',
  'POST /project/add-configuration-group': 'User',
  'PUT /project/edit-configuration-group': 'User',
  'DELETE /project/delete-configuration-group': 'Admin',
  'POST /webhook/create': 'Admin',
  'GET /webhooks': 'Admin',
  'PUT /webhook/edit': 'Admin',
  'PUT /webhook/rotate-secret': 'Admin',
  'DELETE /webhook/delete': 'Admin',
  'POST /webhook/test': 'Admin',
  'GET /webhook/deliveries': 'Admin',
  'POST /webhook/redeliver': 'Admin',
};

const rank: Record<Role, number> = { Reader: 0, User: 1, Admin: 2 };
const roles: Role[] = ['Reader', 'User', 'Admin'];
const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

describe('the route table and API.md', () => {
  it('implements every operation of API.md, and nothing undocumented', () => {
    expect(apiRoutes.map(key).sort()).toEqual(Object.keys(contract).sort());
  });

  it('gives every route a Casbin decision that matches its least role, for every role', async () => {
    const rbac = await loadRbac();
    const wrong = apiRoutes.flatMap((r) =>
      roles
        .filter((role) => rbac.can(role, r.resource, r.action) !== rank[role] >= rank[contract[key(r)] ?? 'Admin'])
        .map((role) => `${key(r)} as ${role} (${r.resource}, ${r.action})`),
    );
    expect(wrong).toEqual([]);
  });
});

describe('over HTTP, every route answers each role as API.md says', () => {
  let t: TestApp;
  let w: World;
  const cookies: Partial<Record<Role, string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.db);
    for (const u of [w.reader, w.user, w.admin]) {
      cookies[u.role] = `user_session=${(await createSession(t.db, u.userId, 60_000)).secret}`;
    }
  });
  afterAll(() => t.close());

  it.each(apiRoutes.map((r) => [key(r), r] as const))('%s', async (_name, r) => {
    for (const role of roles) {
      // The session cookie works for every route (token/generate accepts nothing else); the input is
      // empty, so allowed roles get past the permission check and stop at validation (400) or succeed.
      const req = t.http[r.method](`/api/v1${r.path}`).set('Cookie', cookies[role]!);
      const res = r.method === 'get' ? await req : await req.send({});
      const allowed = rank[role] >= rank[contract[key(r)]];
      if (allowed) expect([role, res.status]).not.toEqual([role, 403]);
      else
        expect([role, res.status, res.body]).toEqual([
          role,
          403,
          { error: 'Forbidden - User does not have access', status: 403, code: 'forbidden' },
        ]);
      expect(res.status).not.toBe(401);
    }
    const anonymous = await t.http[r.method](`/api/v1${r.path}`);
    expect(anonymous.body).toEqual({ error: 'Unauthorized - Please login', status: 401, code: 'unauthorized' });
  });
});

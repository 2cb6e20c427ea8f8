import { loadRbac, type Rbac } from '../../src/auth/rbac';
import { apiRoutes } from '../../src/domain/routes';

// The Casbin policy on its own, without a server: every route's (resource, action)
// pair is granted to some role, roles inherit upwards, and the few rules a
// Reader or a User must not pass stay closed.

let rbac: Rbac;
beforeAll(async () => {
  rbac = await loadRbac();
});

test('every route of the table is allowed to Admin, and no pair is left unreachable', () => {
  const unreachable = apiRoutes.filter((r) => !rbac.can('Admin', r.resource, r.action)).map((r) => `${r.method} ${r.path}`);
  expect(unreachable).toEqual([]);
});

test('a role holds every permission of the roles below it', () => {
  for (const r of apiRoutes) {
    if (rbac.can('Reader', r.resource, r.action)) expect(rbac.can('User', r.resource, r.action)).toBe(true);
    if (rbac.can('User', r.resource, r.action)) expect(rbac.can('Admin', r.resource, r.action)).toBe(true);
  }
});

test("Readers only read (and manage their own tokens); deletes (but of one's evidence, attachments) and user management are Admin-only", () => {
  const readerWrites = apiRoutes
    .filter((r) => r.method !== 'get' && r.resource !== 'token' && rbac.can('Reader', r.resource, r.action))
    .map((r) => `${r.method} ${r.path}`);
  expect(readerWrites).toEqual([]);
  const userDeletes = apiRoutes.filter((r) => r.method === 'delete' && r.resource !== 'token' && rbac.can('User', r.resource, r.action));
  // Attachments are evidence a tester adds and takes back while working: whoever may upload may delete.
  expect(userDeletes.map((r) => r.path)).toEqual(['/attachment/delete']);
  for (const action of ['list', 'update-role', 'invite']) expect(rbac.can('User', 'user', action)).toBe(false);
  expect(rbac.can('User', 'token', 'manage-others')).toBe(false);
  expect(rbac.can('User', 'audit', 'read')).toBe(false);
  expect(rbac.can('User', 'run', 'unlock')).toBe(false);
});

test('an unknown role, resource or action is refused', () => {
  expect(rbac.can('Reader', 'test', 'delete')).toBe(false);
  expect(rbac.can('Admin', 'nothing', 'read')).toBe(false);
  expect(rbac.can('Admin', 'test', 'explode')).toBe(false);
  expect(rbac.can('Nobody' as never, 'test', 'read')).toBe(false);
});

import { createTestApp, type TestApp } from '../support/app';
import { createOrg } from '../support/factories';
import { oauthLogin, sessionCookie } from '../support/oauth-login';
import { startOAuthProvider, type OAuthIdentity, type OAuthProvider } from '../support/oauth-provider';

// The OAuth login against a real provider (oauth2-mock-server): the email must be
// one well-formed address before its domain counts.

let provider: OAuthProvider;
let t: TestApp;
let acme: number;

beforeAll(async () => {
  provider = await startOAuthProvider();
  t = await createTestApp({
    ...provider.env,
    PUBLIC_URL: 'http://localhost:3000',
    OAUTH_ALLOWED_DOMAINS: 'acme.test',
    OAUTH_DEFAULT_ORG: 'Acme',
  });
  acme = (await createOrg(t.db, 'Acme')).orgId;
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

const login = (identity: OAuthIdentity) => oauthLogin(t, provider, identity);
const counts = async () => ({ users: await t.db.user.count(), sessions: await t.db.session.count() });
/** A login that signed in: the redirect home and a session cookie. */
function expectSignedIn(res: Awaited<ReturnType<typeof login>>) {
  expect([res.status, res.headers.location]).toEqual([302, '/']);
  expect(sessionCookie(res)).toBeDefined();
}

describe('the email address', () => {
  it('refuses attacker@evil.test@acme.test, verified, though acme.test is allowed: no user, no session', async () => {
    const before = await counts();
    const res = await login({ sub: 'sub-attacker', email: 'attacker@evil.test@acme.test', name: 'Attacker', email_verified: true });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('not one well-formed address');
    expect(res.text).toContain('attacker@evil.test@acme.test');
    expect(sessionCookie(res)).toBeUndefined();
    expect(await counts()).toEqual(before);
    expect(await t.db.user.count({ where: { OR: [{ oauthSubject: 'sub-attacker' }, { email: { contains: 'attacker' } }] } })).toBe(0);
  });

  it('refuses other malformed addresses whose text ends in an allowed domain', async () => {
    const before = await counts();
    const malformed = [
      '"eve@evil.test"@acme.test',
      '"eve smith"@acme.test',
      'eve smith@acme.test',
      'eve@acme.test ',
      ' eve@acme.test',
      'eve@acme.test\n',
      'eve@@acme.test',
      '@acme.test',
      'eve@',
      'eve@acme.test.',
      'eve@.acme.test',
      'eve..x@acme.test',
      'eve@acme.test,boss@acme.test',
      'eve(comment)@acme.test',
      'eve@[127.0.0.1]',
      `${'e'.repeat(65)}@acme.test`,
    ];
    for (const [i, email] of malformed.entries()) {
      const res = await login({ sub: `sub-malformed-${i}`, email, name: 'Eve' });
      expect([email, res.status]).toEqual([email, 403]);
      expect(res.text).toContain('not one well-formed address');
      expect(sessionCookie(res)).toBeUndefined();
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a known identity whose provider now gives a malformed address, and admits a well-formed one', async () => {
    const first = await login({ sub: 'sub-kim', email: 'Kim@Acme.test', name: 'Kim' });
    expectSignedIn(first);
    const kim = await t.db.user.findUniqueOrThrow({ where: { oauthSubject: 'sub-kim' }, include: { memberships: true } });
    expect(kim.email).toBe('kim@acme.test');
    expect(kim.memberships.map((m) => [m.orgId, m.role])).toEqual([[acme, 'Reader']]);
    const sessions = await t.db.session.count({ where: { userId: kim.userId } });
    const res = await login({ sub: 'sub-kim', email: 'kim@acme.test@evil.test', name: 'Kim' });
    expect(res.status).toBe(403);
    expect(await t.db.session.count({ where: { userId: kim.userId } })).toBe(sessions);
  });
});

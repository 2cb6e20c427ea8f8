import { createOrUpdateUser } from '../../src/cli/admin-commands';
import { ConfigError, loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, createUser, type TestUser } from '../support/factories';
import { oauthLogin, sessionCookie } from '../support/oauth-login';
import { startOAuthProvider, type OAuthIdentity, type OAuthProvider } from '../support/oauth-provider';

// Who an OAuth login lets in, and as which account: the provider's subject is the
// identity; an email counts only when the provider verified it; a newcomer needs
// an invitation or an allowed domain.

let provider: OAuthProvider;
let t: TestApp;
let staff: number; // OAUTH_DEFAULT_ORG, where verified @staff.test addresses land
let other: number;
let adminOfOther: TestUser;

beforeAll(async () => {
  provider = await startOAuthProvider();
  t = await createTestApp({
    ...provider.env,
    PUBLIC_URL: 'http://localhost:3000',
    ADMIN_EMAILS: 'chief@elsewhere.test',
    OAUTH_ALLOWED_DOMAINS: ' Staff.test ,@crew.test',
    OAUTH_DEFAULT_ORG: 'Staff',
  });
  // Other is the oldest organization: nobody lands there without being invited.
  other = (await createOrg(t.db, 'Other')).orgId;
  staff = (await createOrg(t.db, 'Staff')).orgId;
  adminOfOther = await createUser(t.db, 'Admin', [other]);
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

const login = (identity: OAuthIdentity) => oauthLogin(t, provider, identity);

/** The account a login signed in to, through the API with its session cookie. */
async function signedInAs(res: Awaited<ReturnType<typeof login>>) {
  expect([res.status, res.headers.location]).toEqual([302, '/']);
  const cookie = sessionCookie(res)!;
  return (await t.http.get('/api/v1/user/details').set('Cookie', cookie).expect(200)).body.data as {
    userId: number;
    email: string;
    memberships: { orgId: number; role: string }[];
  };
}

/** A refused login: the explaining page, no session, nothing of that email written. */
async function expectRefused(res: Awaited<ReturnType<typeof login>>, text: RegExp) {
  expect(res.status).toBe(403);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.text).toMatch(text);
  expect(sessionCookie(res)).toBeUndefined();
}

describe('the provider subject is the identity', () => {
  it('stores the sub at first login and finds the account by it after an email change', async () => {
    const first = await signedInAs(await login({ sub: 'sub-sam', email: 'sam@staff.test', name: 'Sam' }));
    expect((await t.db.user.findUniqueOrThrow({ where: { userId: first.userId } })).oauthSubject).toBe('sub-sam');

    const again = await signedInAs(await login({ sub: 'sub-sam', email: 'samuel@staff.test', name: 'Samuel' }));
    expect(again.userId).toBe(first.userId);
    expect(await t.db.user.count({ where: { email: 'samuel@staff.test' } })).toBe(0);
  });

  it('takes a numeric sub as its decimal text', async () => {
    const me = await signedInAs(await login({ sub: 4242, email: 'num@staff.test', name: 'Num' }));
    expect((await t.db.user.findUniqueOrThrow({ where: { userId: me.userId } })).oauthSubject).toBe('4242');
  });

  it('refuses another sub with the email of an account that has a sub: no takeover', async () => {
    const owner = await signedInAs(await login({ sub: 'sub-owner', email: 'owner@staff.test', name: 'Owner' }));
    const sessions = await t.db.session.count({ where: { userId: owner.userId } });
    await expectRefused(
      await login({ sub: 'sub-intruder', email: 'owner@staff.test', name: 'Intruder' }),
      /linked to another sign-in identity/,
    );
    expect(await t.db.session.count({ where: { userId: owner.userId } })).toBe(sessions);
    expect((await t.db.user.findUniqueOrThrow({ where: { userId: owner.userId } })).oauthSubject).toBe('sub-owner');
    expect(await t.db.user.count({ where: { oauthSubject: 'sub-intruder' } })).toBe(0);
  });

  it('refuses a login without a sub', async () => {
    const res = await login({ sub: '', email: 'nosub@staff.test', name: 'No Sub' });
    expect([res.status, res.headers.location]).toEqual([302, '/login?error']);
    expect(await t.db.user.count({ where: { email: 'nosub@staff.test' } })).toBe(0);
  });
});

describe('an account made before its first login (casebook user create)', () => {
  it('is linked by a verified email, and the sub is stored on it', async () => {
    const made = await createOrUpdateUser(t.db, { email: 'Cli@Elsewhere.test', name: 'Cli', role: 'User', org: 'Other' });
    const me = await signedInAs(await login({ sub: 'sub-cli', email: 'cli@elsewhere.test', name: 'Cli' }));
    expect(me).toMatchObject({ userId: made.userId, memberships: [{ orgId: other, role: 'User' }] });
    expect((await t.db.user.findUniqueOrThrow({ where: { userId: made.userId } })).oauthSubject).toBe('sub-cli');
  });

  it('is not linked by an email the provider did not verify (false or absent)', async () => {
    const made = await createOrUpdateUser(t.db, { email: 'unverified@elsewhere.test', name: 'Unv', role: 'Admin', org: 'Other' });
    for (const email_verified of [false, null, 'false']) {
      await expectRefused(
        await login({ sub: 'sub-unv', email: 'unverified@elsewhere.test', name: 'Unv', email_verified }),
        /has not verified/,
      );
    }
    expect((await t.db.user.findUniqueOrThrow({ where: { userId: made.userId } })).oauthSubject).toBeNull();
    expect(await t.db.session.count({ where: { userId: made.userId } })).toBe(0);
  });

  it('is linked by an unverified email under OAUTH_TRUST_UNVERIFIED_EMAIL=true', async () => {
    const trusting = await createTestApp({ ...provider.env, OAUTH_TRUST_UNVERIFIED_EMAIL: 'true' });
    try {
      await createOrg(trusting.db, 'Solo');
      const made = await createOrUpdateUser(trusting.db, { email: 'trusted@elsewhere.test', name: 'Tru', role: 'User', org: 'Solo' });
      const res = await oauthLogin(trusting, provider, {
        sub: 'sub-tru',
        email: 'trusted@elsewhere.test',
        name: 'Tru',
        email_verified: false,
      });
      expect([res.status, res.headers.location]).toEqual([302, '/']);
      expect((await trusting.db.user.findUniqueOrThrow({ where: { userId: made.userId } })).oauthSubject).toBe('sub-tru');
    } finally {
      await trusting.close();
    }
  });
});

describe('a first login of an unknown identity', () => {
  it('without an invitation gets the "ask an Admin for an invitation" page, no session and no user row', async () => {
    const sessions = await t.db.session.count();
    const res = await login({ sub: 'sub-stranger', email: 'stranger@elsewhere.test', name: 'Stranger' });
    await expectRefused(res, /Ask an Admin of your organization for an invitation/);
    expect(res.text).toContain('stranger@elsewhere.test');
    expect(await t.db.user.count({ where: { OR: [{ email: 'stranger@elsewhere.test' }, { oauthSubject: 'sub-stranger' }] } })).toBe(0);
    expect(await t.db.session.count()).toBe(sessions);
  });

  it('joins every organization that invited it, with the invited role, and the invitations are accepted', async () => {
    const adminOfStaff = await createUser(t.db, 'Admin', [staff]);
    await t.as(adminOfOther.token).post('/user/invite', { orgId: other, email: 'Invitee@Elsewhere.test', role: 'User' }).expect(201);
    await t.as(adminOfStaff.token).post('/user/invite', { orgId: staff, email: 'invitee@elsewhere.test', role: 'Reader' }).expect(201);
    const me = await signedInAs(await login({ sub: 'sub-invitee', email: 'invitee@elsewhere.test', name: 'Invitee' }));
    expect(me.memberships).toEqual([
      { orgId: other, role: 'User' },
      { orgId: staff, role: 'Reader' },
    ]);
    const invitations = await t.db.invitation.findMany({ where: { email: 'invitee@elsewhere.test' } });
    expect(invitations.map((i) => i.acceptedAt)).toEqual([expect.any(Date), expect.any(Date)]);
  });

  it('does not use an invitation with an unverified email', async () => {
    await t.as(adminOfOther.token).post('/user/invite', { orgId: other, email: 'shady@elsewhere.test', role: 'User' }).expect(201);
    await expectRefused(
      await login({ sub: 'sub-shady', email: 'shady@elsewhere.test', name: 'Shady', email_verified: false }),
      /has not verified/,
    );
    expect(await t.db.user.count({ where: { email: 'shady@elsewhere.test' } })).toBe(0);
    expect((await t.db.invitation.findFirstOrThrow({ where: { email: 'shady@elsewhere.test' } })).acceptedAt).toBeNull();
  });

  it('from an allowed domain joins OAUTH_DEFAULT_ORG as Reader; a look-alike domain does not', async () => {
    const me = await signedInAs(await login({ sub: 'sub-dana', email: 'Dana@Crew.test', name: 'Dana' }));
    expect(me.memberships).toEqual([{ orgId: staff, role: 'Reader' }]);
    await expectRefused(await login({ sub: 'sub-eve', email: 'eve@evilstaff.test', name: 'Eve' }), /invitation/);
    await expectRefused(await login({ sub: 'sub-eve2', email: 'eve@sub.staff.test', name: 'Eve' }), /invitation/);
    await expectRefused(await login({ sub: 'sub-eve3', email: 'eve@staff.test', name: 'Eve', email_verified: false }), /has not verified/);
    expect(await t.db.user.count({ where: { email: { startsWith: 'eve@' } } })).toBe(0);
  });

  it('of an ADMIN_EMAILS address is Admin of the organization it joins', async () => {
    await t.as(adminOfOther.token).post('/user/invite', { orgId: other, email: 'chief@elsewhere.test', role: 'Reader' }).expect(201);
    const me = await signedInAs(await login({ sub: 'sub-chief', email: 'chief@elsewhere.test', name: 'Chief' }));
    expect(me.memberships).toEqual([{ orgId: other, role: 'Admin' }]);
  });
});

it('an invitation made after the account exists is joined at its next login', async () => {
  const me = await signedInAs(await login({ sub: 'sub-later', email: 'later@staff.test', name: 'Later' }));
  expect(me.memberships).toEqual([{ orgId: staff, role: 'Reader' }]);
  await t.as(adminOfOther.token).post('/user/invite', { orgId: other, email: 'later@staff.test', role: 'User' }).expect(201);
  const again = await signedInAs(await login({ sub: 'sub-later', email: 'later@staff.test', name: 'Later' }));
  expect(again.memberships).toEqual([
    { orgId: other, role: 'User' },
    { orgId: staff, role: 'Reader' },
  ]);
});

it('refuses OAUTH_ALLOWED_DOMAINS without OAUTH_DEFAULT_ORG at start', () => {
  expect(() => loadConfig({ OAUTH_ALLOWED_DOMAINS: 'staff.test' })).toThrow(ConfigError);
  expect(() => loadConfig({ OAUTH_TRUST_UNVERIFIED_EMAIL: 'yes' })).toThrow(/OAUTH_TRUST_UNVERIFIED_EMAIL/);
});

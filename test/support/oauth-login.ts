import type { TestApp } from './app';
import type { OAuthIdentity, OAuthProvider } from './oauth-provider';

export function cookieValue(setCookie: string[] | undefined, name: string): string | undefined {
  const line = (setCookie ?? []).find((c) => c.startsWith(`${name}=`));
  return line?.split(';')[0].slice(name.length + 1);
}

/** The `user_session=…` Cookie header a response set, if any. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const value = cookieValue(res.headers['set-cookie'] as string[] | undefined, 'user_session');
  return value === undefined ? undefined : `user_session=${value}`;
}

/**
 * Walks /auth/login → provider (answering as `identity`), stopping before the callback:
 * the authorization request, the callback URL the provider redirected to, and the state cookie.
 */
export async function beginOAuthLogin(t: TestApp, provider: OAuthProvider, identity: OAuthIdentity) {
  await provider.setIdentity(identity);
  const start = await t.http.get('/auth/login').expect(302);
  const authorize = new URL(start.headers.location);
  expect(authorize.origin + authorize.pathname).toBe(provider.env.OAUTH_AUTHORIZATION_URL);
  expect(authorize.searchParams.get('state')).toBeTruthy();
  // The cookie binds the state to this browser: a secret of its own, not the state the URL shows.
  const stateCookie = cookieValue(start.headers['set-cookie'] as unknown as string[], 'oauth_state')!;
  expect(stateCookie).toBeTruthy();
  expect(stateCookie).not.toBe(authorize.searchParams.get('state'));

  const atProvider = await fetch(authorize, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get('location')!);
  expect(callback.pathname).toBe('/auth/callback');
  return { authorize, callback, stateCookie };
}

/** Walks /auth/login → provider (answering as `identity`) → /auth/callback; returns the callback's response. */
export async function oauthLogin(t: TestApp, provider: OAuthProvider, identity: OAuthIdentity, tamperState = false) {
  const { callback, stateCookie } = await beginOAuthLogin(t, provider, identity);
  if (tamperState) callback.searchParams.set('state', 'forged-state-value');
  return t.http.get(callback.pathname + callback.search).set('Cookie', `oauth_state=${stateCookie}`);
}

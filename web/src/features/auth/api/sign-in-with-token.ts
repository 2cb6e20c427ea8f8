import { ApiError } from '../../../lib/api';

/**
 * The login page's "Sign in with an API token" form, posted from the page itself and answered
 * in JSON (a new session cookie, or why not): signing in again where the session ended, without
 * leaving the page.
 */
export async function signInWithToken(token: string): Promise<{ userId: number }> {
  const response = await fetch('/auth/token', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
  });
  const body = (await response.json().catch(() => undefined)) as { data?: { userId: number }; error?: string } | undefined;
  if (!response.ok || !body?.data) throw new ApiError(body?.error ?? `${response.status} ${response.statusText}`, response.status);
  return body.data;
}

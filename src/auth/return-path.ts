// Where a browser goes back to after signing in: the page it was on when its session ended
// (`/login?next=/projects/3/runs/7`), so unsent work on that page is picked up again. Only a
// path of this site is taken: anything that could leave it (`//evil.example`, `https:…`,
// backslashes, control characters) or loop back into signing in is dropped for `/`.

/** The cookie that carries `next` across the OAuth provider's round trip. */
export const RETURN_COOKIE = 'return_to';

const BASE = 'http://casebook.invalid';
// Signing in, out, or the API: never a page to come back to.
const NOT_A_PAGE = /^\/(?:(?:api|auth)(?:\/|$)|(?:login|logout)\/?$)/;

/** `value` as a same-origin path (with its query) to return to, or undefined when it is not one. */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || NOT_A_PAGE.test(url.pathname)) return undefined;
  return url.pathname + url.search;
}

/** `/login` with the path to return to, when there is one. */
export function loginUrl(next: string | undefined): string {
  const path = returnPath(next);
  return path && path !== '/' ? `/login?next=${encodeURIComponent(path)}` : '/login';
}

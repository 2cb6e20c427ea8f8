import { loginUrl, returnPath } from '../../src/auth/return-path';

// The page a browser returns to after signing in: a path of this site, never a way off it.

it.each([
  ['/projects/3/runs/7', '/projects/3/runs/7'],
  ['/projects/3/catalog?section=2&q=pay', '/projects/3/catalog?section=2&q=pay'],
  ['/', '/'],
  ['/projects/../tokens', '/tokens'],
])('takes %s as %s', (value, path) => {
  expect(returnPath(value)).toBe(path);
});

it.each([
  ['another site, scheme-relative', '//evil.example/x'],
  ['a backslash browsers read as a slash', '/\\evil.example'],
  ['an absolute URL', 'https://evil.example/'],
  ['a javascript: URL', 'javascript:alert(1)'],
  ['a relative path', 'projects'],
  ['a tab inside', '/\t/evil.example'],
  ['a newline (header injection)', '/x\r\nSet-Cookie: a=b'],
  ['the login page (a loop)', '/login?next=/login'],
  ['the sign-out', '/logout'],
  ['the OAuth routes', '/auth/login'],
  ['the API', '/api/v1/projects'],
  ['no string', 42],
  ['too long', `/${'a'.repeat(2001)}`],
])('refuses %s', (_what, value) => {
  expect(returnPath(value)).toBeUndefined();
});

it('builds the login URL with the page to return to, or bare', () => {
  expect(loginUrl('/projects/3/runs/7?x=1')).toBe('/login?next=%2Fprojects%2F3%2Fruns%2F7%3Fx%3D1');
  expect(loginUrl('/')).toBe('/login');
  expect(loginUrl('//evil.example')).toBe('/login');
  expect(loginUrl(undefined)).toBe('/login');
});

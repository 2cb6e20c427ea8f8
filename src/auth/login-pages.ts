// The few server-rendered pages of the browser login. Plain HTML, no scripts.

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Casebook</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f6f8;color:#1d2330;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#fff;border-radius:10px;box-shadow:0 2px 12px #0001;padding:2.5rem 3rem;max-width:26rem;text-align:center}
h1{margin:0 0 .5rem;font-size:1.6rem}p{color:#555}
.button{display:inline-block;margin-top:1rem;padding:.7rem 1.6rem;border-radius:6px;background:#2457d6;color:#fff;text-decoration:none;font-weight:600;border:0;font-size:1rem;cursor:pointer}
.error{color:#b3261e}
</style></head><body><main>${body}</main></body></html>`;
}

export function loginPage(opts: { configured: boolean; error?: boolean }): string {
  if (!opts.configured) {
    return page('Sign in', `<h1>Casebook</h1><p>Browser sign-in is not configured on this server (set the OAUTH_* settings).</p>
<p>Scripts can use an API token: <code>npx casebook token create --email you@example.com</code>.</p>`);
  }
  return page('Sign in', `<h1>Casebook</h1><p>Test management for QA teams, CI pipelines and AI assistants.</p>
${opts.error ? '<p class="error">Sign-in failed. Please try again.</p>' : ''}
<a class="button" id="sign-in" href="/auth/login">Sign in</a>`);
}

export function homePage(user: { name: string; email: string; memberships: { role: string; org: { orgName: string } }[] }): string {
  const roles = user.memberships.map((m) => `${escape(m.role)} of ${escape(m.org.orgName)}`).join(', ') || 'no organization yet';
  return page('Signed in', `<h1>Casebook</h1><p>Signed in as <strong>${escape(user.name)}</strong> (${escape(user.email)}): ${roles}.</p>
<p>The API is under <code>/api/v1</code>; its description is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p>
<form method="post" action="/logout"><button class="button" id="sign-out" type="submit">Sign out</button></form>`);
}

const refusals = {
  'not-invited': (email: string) =>
    `<p>There is no Casebook account for <strong>${escape(email)}</strong> yet, and nobody has invited it.</p>
<p>Ask an Admin of your organization for an invitation, then sign in again.</p>`,
  'unverified-email': (email: string) =>
    `<p>Your sign-in provider has not verified the address <strong>${escape(email)}</strong>, so Casebook cannot match it to an invitation or an account.</p>
<p>Verify the address with your provider, or ask an Admin of your organization for help.</p>`,
  'subject-mismatch': (email: string) =>
    `<p>The Casebook account for <strong>${escape(email)}</strong> is linked to another sign-in identity.</p>
<p>Sign in with that identity, or ask an Admin of your organization for an invitation.</p>`,
} as const;

/** A login the provider accepted and Casebook did not: why, and whom to ask. */
export function refusedPage(reason: keyof typeof refusals, email: string): string {
  return page('Not signed in', `<h1>Casebook</h1>${refusals[reason](email)}
<a class="button" href="/login">Back to sign in</a>`);
}

// The few server-rendered pages of the browser login. Plain HTML, no scripts.

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Casebook</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f6f8;color:#1d2330;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#fff;border-radius:10px;box-shadow:0 2px 12px #0001;padding:2rem 1.5rem;margin:1rem;max-width:26rem;text-align:center}
h1{margin:0 0 .5rem;font-size:1.6rem}p{color:#555}
.button{display:inline-block;margin-top:1rem;padding:.7rem 1.6rem;border-radius:6px;background:#2457d6;color:#fff;text-decoration:none;font-weight:600;border:0;font-size:1rem;cursor:pointer}
.error{color:#b3261e}
.token-form{margin-top:2rem;border-top:1px solid #d5d9e0;padding-top:1rem;text-align:left;display:flex;flex-direction:column;gap:.4rem}
.token-form h2{font-size:1.1rem;margin:0 0 .4rem}.token-form label{font-weight:600}
.token-form input{font:inherit;padding:.5rem;border:1px solid #8a93a3;border-radius:6px}
.hint{font-size:.9rem;text-align:left}code{overflow-wrap:anywhere}
:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
</style></head><body><main>${body}</main></body></html>`;
}

export interface LoginPageOptions {
  /** OAuth is set up: offer its Sign in button. */
  configured: boolean;
  /** The OAuth sign-in failed. */
  error?: boolean;
  /** Why the API token was refused. */
  tokenError?: string;
  /** Sign-ins from this address are over their limit: how long to wait (the page comes with 429). */
  retryAfterS?: number;
  /** The page to return to once signed in (a checked same-origin path, return-path.ts). */
  next?: string;
  /**
   * The server keeps its data in the embedded database (no DATABASE_URL): the CLI cannot open
   * it while the server runs, so a lost token is made with the server stopped.
   */
  embedded: boolean;
}

// Signing in with an API token works on every server, OAuth or not: the embedded default
// prints one at first start, so a newcomer can paste it and work.
function tokenForm(error?: string, next?: string): string {
  return `<form method="post" action="/auth/token" class="token-form">
<h2>Sign in with an API token</h2>${next ? `\n<input type="hidden" name="next" value="${escape(next)}">` : ''}
${error ? `<p class="error" role="alert" id="token-error">${escape(error)}</p>` : ''}
<label for="token">API token</label>
<input id="token" name="token" type="password" autocomplete="off" spellcheck="false" required${error ? ' aria-invalid="true" aria-describedby="token-error"' : ''}>
<button class="button" type="submit">Sign in with token</button>
</form>`;
}

// What a newcomer can do, exactly: the first start made the Admin admin@localhost and printed
// its token (src/cli/bootstrap.ts); `token create` opens the database itself, which the
// embedded one allows only while no server holds it (src/cli/main.ts).
function newcomerHint(embedded: boolean): string {
  const create = '<code>npx casebook token create --email admin@localhost</code>';
  const lost = embedded
    ? `Lost it? Stop the server, run ${create} in the same directory, then start the server again.`
    : `Lost it? Run ${create} with the server's <code>DATABASE_URL</code> (the server may keep running).`;
  return `<div class="hint" id="newcomer-help"><p><strong>First time here?</strong> The server's first start printed an API token (<code>cb_…</code>) for the Admin <code>admin@localhost</code>${embedded ? '' : ' (with Docker: <code>docker compose logs app | grep cb_</code>)'}: paste it above.</p>
<p>${lost} Once signed in, the Tokens page makes tokens for you, and the Users page invites your team.</p></div>`;
}

export function loginPage(opts: LoginPageOptions): string {
  const oauth = opts.configured
    ? `${opts.error ? '<p class="error" role="alert">Sign-in failed. Please try again.</p>' : ''}
<a class="button" id="sign-in" href="/auth/login${opts.next ? `?next=${escape(encodeURIComponent(opts.next))}` : ''}">Sign in</a>`
    : `<p>Browser sign-in through an identity provider is not configured on this server (set the OAUTH_* settings).</p>`;
  return page(
    'Sign in',
    `<h1>Casebook</h1><p>Test management for QA teams, CI pipelines and AI assistants.</p>
${opts.retryAfterS ? `<p class="error" role="alert">Too many sign-in attempts from this address: try again in ${opts.retryAfterS} s.</p>` : ''}
${oauth}
${tokenForm(opts.tokenError, opts.next)}
${newcomerHint(opts.embedded)}`,
  );
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
  'malformed-email': (email: string) =>
    `<p>Your sign-in provider gave <strong>${escape(email)}</strong> as your email, which is not one well-formed address (name@example.com, without spaces, quotes or a second @), so Casebook cannot sign you in with it.</p>
<p>Ask the administrator of your sign-in provider or of Casebook for help.</p>`,
} as const;

/** A login the provider accepted and Casebook did not: why, and whom to ask. */
export function refusedPage(reason: keyof typeof refusals, email: string): string {
  return page(
    'Not signed in',
    `<h1>Casebook</h1>${refusals[reason](email)}
<a class="button" href="/login">Back to sign in</a>`,
  );
}

import { loginPage } from '../../src/auth/login-pages';

// The login page's help for a newcomer says what works: the first start's token is for
// admin@localhost, and the CLI can make another only where it can open the database.

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

it('on the embedded database, says to stop the server before making a token for admin@localhost with the CLI', () => {
  const page = text(loginPage({ configured: false, embedded: true }));
  expect(page).toContain("The server's first start printed an API token (cb_…) for the Admin admin@localhost: paste it above.");
  expect(page).toContain(
    'Lost it? Stop the server, run npx casebook token create --email admin@localhost in the same directory, then start the server again.',
  );
  expect(page).not.toContain('you@example.com');
});

it("on PostgreSQL, says the CLI works beside the running server with its DATABASE_URL, and where Docker's log has the token", () => {
  const page = text(loginPage({ configured: true, embedded: false }));
  expect(page).toContain(
    "Lost it? Run npx casebook token create --email admin@localhost with the server's DATABASE_URL (the server may keep running).",
  );
  expect(page).toContain('docker compose logs app | grep cb_');
  expect(page).not.toContain('Stop the server');
});

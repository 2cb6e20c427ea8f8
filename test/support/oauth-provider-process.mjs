// A real OAuth 2.0 provider for tests (oauth2-mock-server, which is ESM-only, so
// it runs in its own process). Prints {"issuer": url} when ready; each JSON line
// on stdin ({"email","name", optional "sub" and "email_verified"}) sets the
// identity its userinfo endpoint returns: sub defaults to the email, and the
// email is verified unless email_verified says otherwise (null: left out).
// The line {"requests": true} answers {"requests": {authorize, token}}: the query of
// every authorization request and the body of every token request so far.
import readline from 'node:readline';
import { OAuth2Server } from 'oauth2-mock-server';

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
let identity = { email: 'tester@example.test', name: 'Test User' };
const requests = { authorize: [], token: [] };
server.service.on('beforeAuthorizeRedirect', (_redirect, req) => {
  requests.authorize.push(Object.fromEntries(new URL(req.url, 'http://provider').searchParams));
});
server.service.on('beforeResponse', (_response, req) => requests.token.push({ ...req.body }));
server.service.on('beforeUserinfo', (response) => {
  const { sub = identity.email, email_verified = true, ...rest } = identity;
  response.body = { sub, ...rest, ...(email_verified === null ? {} : { email_verified }) };
});
await server.start(0, '127.0.0.1');
process.stdout.write(`${JSON.stringify({ issuer: server.issuer.url })}\n`);

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.requests) return process.stdout.write(`${JSON.stringify({ requests })}\n`);
  identity = message;
  process.stdout.write(`${JSON.stringify({ identity })}\n`);
});
process.stdin.on('end', () => server.stop().then(() => process.exit(0)));

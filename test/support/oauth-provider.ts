import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export interface OAuthIdentity {
  email: string;
  name: string;
  sub?: string | number;
  email_verified?: boolean | string | null;
}

export interface OAuthProvider {
  issuer: string;
  /** OAUTH_* settings that point Casebook at this provider. */
  env: Record<string, string>;
  /** The identity the next login returns from userinfo (sub: the email; email_verified: true, null leaves it out). */
  setIdentity(identity: OAuthIdentity): Promise<void>;
  /** What the provider was sent so far: each authorization request's query, each token request's body. */
  requests(): Promise<{ authorize: Record<string, string>[]; token: Record<string, string>[] }>;
  stop(): Promise<void>;
}

/** Starts oauth2-mock-server (test/support/oauth-provider-process.mjs) on a loopback port. */
export async function startOAuthProvider(): Promise<OAuthProvider> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [path.join(__dirname, 'oauth-provider-process.mjs')], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const waiters: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiters.shift()?.(line));
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`OAuth provider exited (${code})`));
      child.once('exit', exited);
      waiters.push((line) => {
        child.off('exit', exited);
        resolve(line);
      });
    });
  const { issuer } = JSON.parse(await nextLine()) as { issuer: string };
  return {
    issuer,
    env: {
      OAUTH_AUTHORIZATION_URL: `${issuer}/authorize`,
      OAUTH_TOKEN_URL: `${issuer}/token`,
      OAUTH_USERINFO_URL: `${issuer}/userinfo`,
      OAUTH_CLIENT_ID: 'casebook-test',
      OAUTH_CLIENT_SECRET: 'casebook-test-secret',
    },
    async setIdentity(identity) {
      const ack = nextLine();
      child.stdin.write(`${JSON.stringify(identity)}\n`);
      await ack;
    },
    async requests() {
      const answer = nextLine();
      child.stdin.write(`${JSON.stringify({ requests: true })}\n`);
      return (JSON.parse(await answer) as { requests: Awaited<ReturnType<OAuthProvider['requests']>> }).requests;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}

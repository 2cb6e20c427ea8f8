import crypto from 'node:crypto';

// API tokens and session ids are random secrets; the database keeps only their
// SHA-256, so a leaked table grants nothing. Lookup is by that hash.

export const TOKEN_PREFIX = 'cb_';

export function newApiTokenSecret(): string {
  return TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
}

export function newSessionSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

// Every API call hashes its credential: the one-shot form skips a Hash object's making and streaming.
export function hashSecret(secret: string): string {
  return crypto.hash('sha256', secret, 'hex');
}

import { z } from './zod-messages';

// An email address as Casebook accepts one from a sign-in provider: what
// invitations accept (zod's email: an ASCII dot-atom local part, no quotes,
// spaces or comments; one @; a domain of dotted labels ending in letters),
// within SMTP's lengths. Anything else is malformed and is refused, never
// guessed at: "a@evil.test@acme.test" is not a mailbox at acme.test.

const shape = z.email();
const MAX_ADDRESS = 254;
const MAX_LOCAL = 64;
const MAX_LABEL = 63;

export interface EmailAddress {
  /** The whole address, lower case. */
  address: string;
  local: string;
  /** Lower case. */
  domain: string;
}

/** The address's parts, or undefined when `text` is not one well-formed address. */
export function parseEmailAddress(text: string): EmailAddress | undefined {
  if (text.length > MAX_ADDRESS || !shape.safeParse(text).success) return undefined;
  const address = text.toLowerCase();
  const at = address.indexOf('@');
  // The shape allows no @ in either part; said again here, as it is what the domain check rests on.
  if (at !== address.lastIndexOf('@')) return undefined;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > MAX_LOCAL) return undefined;
  if (domain.split('.').some((label) => label.length > MAX_LABEL || label.endsWith('-'))) return undefined;
  return { address, local, domain };
}

/** How the tokens screen words a token's name and times (no JSX, unit-tested). */

export interface TokenTimes {
  name: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const dateTime = (locale?: string, timeZone?: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });

/** A date and time in the reader's locale; `never` for a missing one. */
export function formatWhen(iso: string | null, never = 'Never', locale?: string, timeZone?: string): string {
  return iso ? dateTime(locale, timeZone).format(new Date(iso)) : never;
}

/** Tokens generated without a name (CLI, older clients) still need something to call them by. */
export const tokenLabel = (token: Pick<TokenTimes, 'name'>) => token.name.trim() || 'Unnamed token';

export const isRevoked = (token: Pick<TokenTimes, 'revokedAt'>) => token.revokedAt !== null;

/** Active tokens first, newest first within each group: the ones a user acts on are on top. */
export function sortTokens<T extends { tokenId: number; revokedAt: string | null }>(tokens: readonly T[]): T[] {
  return [...tokens].sort((a, b) => Number(isRevoked(a)) - Number(isRevoked(b)) || b.tokenId - a.tokenId);
}

// Bounded text kept per testcase: a report may carry megabytes of stack trace or output,
// of which a result comment keeps only the start (64 KB of each part).

export const TEXT_CAP = 65_536;
const ELLIPSIS = '…';

/** Collects character data up to TEXT_CAP characters; leading whitespace is not counted. */
export class CappedText {
  private parts: string[] = [];
  private length = 0;
  private overflow = false;

  add(chunk: string): void {
    if (this.overflow || chunk.length === 0) return;
    let s = chunk;
    if (this.length === 0) {
      s = s.replace(/^\s+/, '');
      if (s.length === 0) return;
    }
    const room = TEXT_CAP - this.length;
    if (s.length > room) {
      // Trailing whitespace past the cap is not a truncation.
      if (/\S/.test(s.slice(room))) this.overflow = true;
      s = cut(s, room);
    }
    this.parts.push(s);
    this.length += s.length;
  }

  /** The text trimmed, with "…" when something was cut off; '' when empty. */
  value(): string {
    const text = this.parts.join('').trimEnd();
    return this.overflow ? `${text}${ELLIPSIS}` : text;
  }
}

/** The first `n` UTF-16 units of `s`, not splitting a surrogate pair. */
function cut(s: string, n: number): string {
  if (n <= 0) return '';
  const code = s.charCodeAt(n - 1);
  return code >= 0xd800 && code <= 0xdbff ? s.slice(0, n - 1) : s.slice(0, n);
}

/** An attribute value capped like element text. */
export function capped(value: string | undefined): string {
  if (value === undefined) return '';
  const t = new CappedText();
  t.add(value);
  return t.value();
}

/**
 * "<type>: <message>", then the text, then "system-out:\n<stdout>" and "system-err:\n<stderr>",
 * separated by blank lines; null when all are empty.
 */
export function formatComment(type: string, message: string, text: string, systemErr: string, systemOut = ''): string | null {
  const head = type && message ? `${type}: ${message}` : type || message;
  const parts = [head, text, systemOut ? `system-out:\n${systemOut}` : '', systemErr ? `system-err:\n${systemErr}` : ''].filter(
    (p) => p.length > 0,
  );
  return parts.length > 0 ? parts.join('\n\n') : null;
}

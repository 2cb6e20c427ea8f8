// Files a testcase names for its result: `[[ATTACHMENT|path]]` in its system-out or system-err
// (the convention of Jenkins' JUnit attachments), read as the text streams by, however long the
// output is (a comment keeps only its first 64 KB), and `attachment` properties.

/** Paths one testcase may name; more are left out. */
export const MAX_TESTCASE_ATTACHMENTS = 100;
/** Longest path taken; a longer one is no attachment line. */
export const MAX_ATTACHMENT_PATH = 1024;

const MARKER = /\[\[ATTACHMENT\|([^\]\r\n]+)\]\]/g;

export const isAttachmentProperty = (name: string) => name.trim().toLowerCase() === 'attachment';

/** Adds a path a testcase names to `found` (trimmed; blank, too long, repeated or past the cap: left out). */
export function addAttachmentPath(found: string[], value: string | undefined): void {
  const path = value?.trim();
  if (!path || path.length > MAX_ATTACHMENT_PATH || found.length >= MAX_TESTCASE_ATTACHMENTS || found.includes(path)) return;
  found.push(path);
}

/** A text sink finding the attachment lines of one system-out / system-err element, line by line. */
export class AttachmentLines {
  private line = '';
  /** The current line is past any marker's length: skipped to its end. */
  private skipping = false;

  constructor(private readonly found: string[]) {}

  add(chunk: string): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf('\n', start);
      if (!this.skipping) {
        this.line += newline < 0 ? chunk.slice(start) : chunk.slice(start, newline);
        if (this.line.length > MAX_ATTACHMENT_PATH + 64 * 4) {
          // A long line may still hold markers: the ones in it so far are kept, the rest of it skipped.
          this.endLine();
          this.skipping = true;
        }
      }
      if (newline < 0) return;
      this.endLine();
      this.skipping = false;
      start = newline + 1;
    }
  }

  /** The element has ended: its last line counts too. */
  end(): void {
    this.endLine();
  }

  private endLine(): void {
    if (this.line.includes('[[ATTACHMENT|')) for (const m of this.line.matchAll(MARKER)) addAttachmentPath(this.found, m[1]);
    this.line = '';
  }
}

/** Hands text to both sinks: the comment's capped text and the attachment lines. */
export function bothSinks(a: { add(text: string): void }, b: { add(text: string): void }) {
  return { add: (text: string) => (a.add(text), b.add(text)) };
}

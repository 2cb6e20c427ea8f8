// The name an uploaded file is kept and offered under. The client's name is only a hint: it may
// carry a path (C:\Users\me\shot.png, ../../etc/passwd), control characters that break headers
// and logs, or bidirectional overrides that make "gnp.exe" read as "exe.png".

/** The longest name kept, in UTF-8 bytes (what file systems allow). */
export const MAX_NAME_BYTES = 255;
export const DEFAULT_NAME = 'attachment';

// C0 and C1 control characters (NUL included), DEL, and the bidirectional embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The last path part of `name`, without control characters, at most 255 UTF-8 bytes (cut between characters); `attachment` when nothing is left. */
export function safeFileName(name: string): string {
  const base = name.replace(UNSAFE, '').split(/[/\\]/).pop() ?? '';
  let kept = '';
  let bytes = 0;
  for (const char of base.trim()) {
    bytes += Buffer.byteLength(char);
    if (bytes > MAX_NAME_BYTES) break;
    kept += char;
  }
  kept = kept.trim();
  return kept === '' || kept === '.' || kept === '..' ? DEFAULT_NAME : kept;
}

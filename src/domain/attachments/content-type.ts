// What uploaded bytes are, from the bytes: the client's Content-Type and the file's name are
// claims, and a file stored as text/html or image/svg+xml would run as a page of this site
// when opened. Text (valid UTF-8 without control characters other than whitespace and ESC,
// which coloured logs carry) is text/plain whatever it says it is; other bytes are what
// file-type finds from their signature, else application/octet-stream.

export const TEXT_PLAIN = 'text/plain; charset=utf-8';
export const OCTET_STREAM = 'application/octet-stream';
/** How many bytes of the start file-type looks at. */
const HEAD_BYTES = 64 * 1024;
// eslint-disable-next-line no-control-regex -- control characters are what tells binary bytes from text
const BINARY = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/;
/** Types a browser renders as a document that could run scripts: never stored as such, whatever file-type says. */
const MARKUP = /html|xml|svg|javascript|ecmascript/;

/** Images every browser shows: downloaded inline, and the HTML run report's thumbnails. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Types shown in the browser (inline) when downloaded; everything else is always saved (attachment). */
export function isInline(contentType: string): boolean {
  return [...IMAGE_TYPES, 'application/pdf', TEXT_PLAIN].includes(contentType) || contentType.startsWith('video/');
}

// file-type is an ES module; a dynamic import loads it from this CommonJS build (and jest compiles it, jest.config.js).
const loadFileType = () => import('file-type/core');
let fileType: ReturnType<typeof loadFileType> | undefined;

/** Sees a file's bytes as they stream past, and names their type at the end. */
export class ContentSniffer {
  private head: Buffer[] = [];
  private headSize = 0;
  private decoder = new TextDecoder('utf-8', { fatal: true });
  private text = true;

  update(chunk: Buffer): void {
    if (this.headSize < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headSize);
      this.head.push(part);
      this.headSize += part.length;
    }
    if (!this.text) return;
    try {
      if (BINARY.test(this.decoder.decode(chunk, { stream: true }))) this.text = false;
    } catch {
      this.text = false;
    }
  }

  async contentType(): Promise<string> {
    if (this.text) {
      try {
        // A sequence cut off at the end is not UTF-8.
        this.decoder.decode();
      } catch {
        this.text = false;
      }
    }
    if (this.text) return TEXT_PLAIN;
    fileType ??= loadFileType();
    const found = await (await fileType).fileTypeFromBuffer(Buffer.concat(this.head));
    return found && !MARKUP.test(found.mime) ? found.mime : OCTET_STREAM;
  }
}

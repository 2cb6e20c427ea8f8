import type { CliStream } from './cli-io';

// Upload progress of `casebook import junit` on stderr, then what the server is doing (it polls
// GET /run/import-progress): a bar and a status redrawn in place on a terminal, plain lines
// otherwise (CI logs keep every line, so no redraws there: a line per tenth of an upload with
// attachments, and per phase of the server).

export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)} kB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}

export interface UploadProgress {
  /** `bytes` of the `total` read into the upload so far, from file `file` (0-based). */
  sent(bytes: number, file: number): void;
  /** All sent (`detail` says how much): the server is at work. */
  waiting(detail: string): void;
  /** What the server says it is doing (`phase` and a line that tells it with its counts). */
  server(phase: string, text: string): void;
  /** Replaces the bar (if any) with a last line; '' only clears it. */
  end(line: string): void;
}

const REDRAW_MS = 100;

/** `steps`: in a pipe, a line each tenth of the upload (for uploads long enough to want one). */
export function uploadProgress(stream: CliStream, total: number, files: number, { steps = false } = {}): UploadProgress {
  if (!stream.isTTY) {
    stream.write('uploading…\n');
    let phase: string | undefined;
    let tenths = 0;
    return {
      sent(bytes) {
        if (!steps || total <= 0) return;
        const now = Math.min(10, Math.floor((bytes / total) * 10));
        if (now <= tenths) return;
        tenths = now;
        stream.write(`uploaded ${now * 10}% (${formatBytes(bytes)} of ${formatBytes(total)})\n`);
      },
      waiting: (detail) => void stream.write(`${detail}; waiting for the server…\n`),
      server(next, text) {
        if (next === phase) return;
        phase = next;
        stream.write(`server: ${text}\n`);
      },
      end: (line) => void (line && stream.write(`${line}\n`)),
    };
  }
  let drawnAt = 0;
  const draw = (text: string) => void stream.write(`\r${text}\x1b[K`);
  return {
    sent(bytes, file) {
      const now = Date.now();
      if (now - drawnAt < REDRAW_MS && bytes < total) return;
      drawnAt = now;
      const ratio = total > 0 ? Math.min(1, bytes / total) : 1;
      const text = ` ${String(Math.floor(ratio * 100)).padStart(3)}% ${formatBytes(bytes)}/${formatBytes(total)} · file ${file + 1}/${files}`;
      const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - text.length - 12));
      const filled = Math.round(ratio * width);
      draw(`uploading [${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${text}`);
    },
    waiting: (detail) => draw(`${detail}; waiting for the server…`),
    server: (_phase, text) => draw(`server: ${text}…`),
    end(line) {
      draw('');
      stream.write(line ? `\r${line}\n` : '\r');
    },
  };
}

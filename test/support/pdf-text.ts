import { execFile } from 'node:child_process';
import path from 'node:path';

export interface PdfText {
  /** Number of pages. */
  total: number;
  text: string;
  pages: string[];
}

/** The text of a PDF, extracted with pdf-parse (in a child process, see pdf-text-child.mjs). */
export function pdfText(data: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [path.join(__dirname, 'pdf-text-child.mjs')],
      { maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`pdf-parse failed: ${stderr || err.message}`));
        else resolve(JSON.parse(stdout) as PdfText);
      },
    );
    child.stdin!.end(data);
  });
}

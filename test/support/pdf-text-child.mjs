// Reads a PDF on stdin and prints { total, text, pages } as JSON. Runs in its own
// node process: pdf.js loads its worker with a dynamic import(), which jest's VM refuses.
import { PDFParse } from 'pdf-parse';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: Buffer.concat(chunks) });
try {
  const result = await parser.getText();
  process.stdout.write(JSON.stringify({ total: result.total, text: result.text, pages: result.pages.map((p) => p.text) }));
} finally {
  await parser.destroy();
}

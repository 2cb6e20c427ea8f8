import fs from 'node:fs';
import path from 'node:path';
import { errorCodesMarkdown } from '../src/core/error-codes-doc';

// Writes docs/error-codes.md from src/core/error-codes.ts.
fs.writeFileSync(path.join(__dirname, '..', 'docs', 'error-codes.md'), errorCodesMarkdown());

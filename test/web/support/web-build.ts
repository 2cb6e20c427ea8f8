import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Builds web/dist when it is missing (npm install builds it; a fresh edit may not have). */
export function ensureWebBuild(): void {
  execFileSync(process.execPath, [path.resolve(__dirname, '../../../scripts/web-build.js'), '--if-missing'], { stdio: 'inherit' });
}

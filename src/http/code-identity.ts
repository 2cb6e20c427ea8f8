import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// What the ETags of one version of the code share. An answer's shape or content may change with
// the code (a new field, a fix), so a client's copy from other code must not be confirmed by a
// 304. It was a random value per process; but several instances of the same code serve one
// database behind a load balancer, and an ETag one gave must hold at the others. So it is a
// digest of the code itself: the server's modules (src/ under tsx, dist/ when compiled) and the
// dependencies' lockfile. Same image or checkout, same identity; another build, another.

const codeDir = path.resolve(__dirname, '..');
const lockfile = path.resolve(codeDir, '../package-lock.json');
/** What the server runs or reads as code; not the embedded database's snapshot under dist/. */
const CODE_FILE = /\.(?:[cm]?[jt]s|conf|csv)$/;
const SKIP_DIRS = new Set(['embedded-db', 'node_modules']);

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : files(full);
      return entry.isFile() && CODE_FILE.test(entry.name) ? [full] : [];
    });
}

let identity: string | undefined;

/** 8 hex digits naming the running code; worked out on first use (a few MB read once). */
export function codeIdentity(): string {
  if (identity === undefined) {
    const hash = crypto.createHash('sha256');
    for (const file of files(codeDir)) hash.update(path.relative(codeDir, file)).update('\0').update(fs.readFileSync(file));
    if (fs.existsSync(lockfile)) hash.update(fs.readFileSync(lockfile));
    identity = hash.digest('hex').slice(0, 8);
  }
  return identity;
}

import fs from 'node:fs';
import path from 'node:path';

export class DirectoryLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes writing one directory
 * corrupt it. A lock file holding our pid keeps a second process out; a lock
 * left by a process that died is taken over.
 */
export function acquireDirectoryLock(dir: string): () => void {
  const lockPath = path.join(dir, 'casebook.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DirectoryLockedError(
          `The embedded database in ${dir} is already open in another Casebook process (pid ${owner}). ` +
            'Stop that process, or set CASEBOOK_DATA_DIR to another directory or DATABASE_URL to a PostgreSQL server.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryLockedError(`Could not lock ${dir}`);
}

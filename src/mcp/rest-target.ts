import { CommandError } from '../cli/admin-commands';
import type { Config } from '../config';
import { DirectoryLockedError } from '../db/directory-lock';
import type { Logger } from '../logger';
import { startServer } from '../server';

// The REST server the tools call: CASEBOOK_URL when set, otherwise the app itself,
// started in this process on a loopback port of the configured database.

export interface RestTarget {
  url: string;
  mode: 'remote' | 'embedded';
  close(): Promise<void>;
}

export async function openRestTarget(config: Config, logger: Logger): Promise<RestTarget> {
  if (config.mcp.url) return { url: config.mcp.url, mode: 'remote', close: async () => {} };
  try {
    const server = await startServer({ ...config, port: 0, host: '127.0.0.1' }, logger);
    return { url: server.url, mode: 'embedded', close: () => server.close() };
  } catch (err) {
    if (err instanceof DirectoryLockedError) throw err;
    // The cli reports a CommandError on stderr only: stdout belongs to the protocol.
    throw new CommandError(
      `cannot start Casebook for the tool server (set CASEBOOK_URL to use a running one): ${(err as Error).message ?? String(err)}`,
    );
  }
}

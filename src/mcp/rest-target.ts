import type { Config } from '../config';
import { DirectoryLockedError } from '../db/directory-lock';
import type { Logger } from '../logger';
import { startServer } from '../server';

// The REST server the tools call: CASEBOOK_URL when set, otherwise the app itself,
// started in this process on a loopback port of the configured database.

export interface RestTarget {
  url: string;
  mode: 'remote' | 'embedded' | 'unavailable';
  close(): Promise<void>;
  /**
   * Why the app could not start in this process. The tool server still starts and
   * answers every call with it: a client shows a tool's error text, whereas a
   * process that ends at start shows as "Connection closed".
   */
  failure?: { message: string; tip: string };
}

export async function openRestTarget(config: Config, logger: Logger): Promise<RestTarget> {
  if (config.mcp.url) return { url: config.mcp.url, mode: 'remote', close: async () => {} };
  try {
    const server = await startServer({ ...config, port: 0, host: '127.0.0.1' }, logger);
    return { url: server.url, mode: 'embedded', close: () => server.close() };
  } catch (err) {
    logger.error({ err }, 'Casebook could not start in the tool server');
    return { url: config.publicUrl, mode: 'unavailable', close: async () => {}, failure: startFailure(err, config) };
  }
}

/** The failure as a tool call reports it: what happened, and how to configure the tool server instead. */
function startFailure(err: unknown, config: Config): NonNullable<RestTarget['failure']> {
  const message = `The tool server could not start Casebook in its own process (CASEBOOK_URL is not set): ${err instanceof Error ? err.message : String(err)}`;
  if (err instanceof DirectoryLockedError) {
    return {
      message,
      tip:
        `A running Casebook (casebook serve) holds this embedded database. Let the tool server call it: set CASEBOOK_URL to its address (e.g. ${config.publicUrl}) ` +
        "in this MCP server's configuration and restart it; or stop that Casebook, then restart the tool server.",
    };
  }
  return {
    message,
    tip:
      "Check the database settings (DATABASE_URL, or CASEBOOK_DATA_DIR for the embedded database) in this MCP server's configuration, " +
      'or set CASEBOOK_URL to a running Casebook; then restart the tool server.',
  };
}

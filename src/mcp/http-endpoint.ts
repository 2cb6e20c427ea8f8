import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AppMount } from '../app';
import { authenticateToken } from '../auth/authenticate';
import { loadRbac } from '../auth/rbac';
import type { Config } from '../config';
import { UNAUTHORIZED } from '../core/errors';
import { hashSecret } from '../core/secrets';
import type { Database } from '../db/client';
import { sendError } from '../http/envelope';
import type { Logger } from '../logger';
import type { ToolRuntime } from './call-tool';
import { createHttpClient } from './http-client';
import { SessionStore, type Session, type SessionLimits } from './http-sessions';
import { createMcpServer } from './server';
import { leastRole } from './tools';
import { parseToolSelection, ToolSelectionError, type ToolSelection } from './toolsets';

// Remote MCP: the Streamable HTTP transport of the MCP SDK at /mcp on the Casebook
// server. The caller's Bearer token opens a session and must come with every request
// of it. Each session calls the REST API on the server's own address with that token,
// so a tool call is authorized and validated by REST exactly as the same call over
// REST or stdio would be: one road, not a second one to keep in step.

export interface McpEndpoint extends AppMount {
  /** Open sessions, initialized or not: what a leak would make grow. */
  liveSessions(): number;
}

export interface McpEndpointDeps {
  config: Config;
  database: Database;
  logger: Logger;
}

export const DEFAULT_LIMITS: SessionLimits = { idleMs: 30 * 60_000, perToken: 16 };

/**
 * A JSON-RPC message may carry up to the REST JSON limit (5 MB) plus its envelope;
 * a larger JUnit file goes over REST (`casebook import junit`), not through an assistant.
 */
const MAX_MESSAGE_BYTES = 6 * 2 ** 20;

export async function createMcpEndpoint(deps: McpEndpointDeps, limits: Partial<SessionLimits> = {}): Promise<McpEndpoint> {
  const { config, database, logger } = deps;
  const rbac = await loadRbac();
  const minimumRole = (resource: string, action: string) => leastRole(rbac, resource, action);
  const sessions = new SessionStore({ ...DEFAULT_LIMITS, ...limits });
  const ownOrigin = new URL(config.publicUrl).origin;

  function open(token: string, tokenHash: string, userId: number, baseUrl: string, selection: ToolSelection): Session {
    const runtime: ToolRuntime = {
      client: createHttpClient({ baseUrl, token, maxRetries: config.mcp.maxRetries, timeoutMs: config.mcp.timeoutMs }),
      minimumRole,
      // Download summaries tell the caller where to fetch the file: the address it knows, not our loopback one.
      publicUrl: config.publicUrl,
    };
    const session: Session = {
      tokenHash,
      open: 0,
      lastUsed: Date.now(),
      server: createMcpServer(runtime, logger.child({ mcp: 'http', userId }), selection),
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => sessions.initialized(session, id),
        maxRequestBodySize: MAX_MESSAGE_BYTES,
      }),
    };
    sessions.add(session);
    return session;
  }

  async function handler(req: Request, res: Response): Promise<void> {
    // A browser page of another site, DNS rebinding included, sends its own Origin; MCP clients send none.
    if (req.headers.origin !== undefined && req.headers.origin !== ownOrigin) {
      return sendError(res, 403, 'Forbidden - Origin not allowed');
    }
    const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    const principal = token ? await authenticateToken(database.prisma, token, req) : null;
    if (!token || !principal) {
      res.set('WWW-Authenticate', 'Bearer');
      return sendError(res, 401, UNAUTHORIZED);
    }
    const tokenHash = hashSecret(token);

    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = sessions.find(id, tokenHash);
      if (!session) return sendError(res, 404, 'Session not found');
      return sessions.serve(session, req, res);
    }
    if (req.method !== 'POST') return sendError(res, 400, 'Invalid request: Mcp-Session-Id header is required');
    let selection: ToolSelection;
    try {
      selection = toolSelection(req);
    } catch (err) {
      if (err instanceof ToolSelectionError) return sendError(res, 400, `Invalid request: ${err.message}`);
      throw err;
    }

    const session = open(token, tokenHash, principal.userId, ownAddress(req), selection);
    await session.server.connect(session.transport);
    await sessions.serve(session, req, res);
    // Anything but an initialize request opens no session: nothing of it may stay.
    if (!session.transport.sessionId) await sessions.end(session);
  }

  return {
    path: '/mcp',
    handler: (req, res, next) => handler(req, res).catch(next),
    close: () => sessions.closeAll().then(() => undefined),
    liveSessions: () => sessions.size,
  };
}

/** The address this request reached, so the server is listening there: the tools' REST calls go to it. */
function ownAddress(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

/** The tool selection of the query (`?tools=read&toolsets=runs,tests`), else of the X-Casebook-Tools/-Toolsets headers. */
function toolSelection(req: Request): ToolSelection {
  const pick = (query: string, header: string) => {
    const value = req.query[query] ?? req.headers[header];
    return typeof value === 'string' ? value : undefined;
  };
  return parseToolSelection(pick('tools', 'x-casebook-tools'), pick('toolsets', 'x-casebook-toolsets'));
}

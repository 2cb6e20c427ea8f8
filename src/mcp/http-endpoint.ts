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
import { KeptAnswers } from './kept-answers';
import { RequestLimiter, type RequestLimits } from './request-limiter';
import { createMcpServer } from './server';
import { leastRole } from './tools';
import { parseToolSelection, ToolSelectionError, type ToolSelection } from './toolsets';

// Remote MCP: the Streamable HTTP transport of the MCP SDK at /mcp on the Casebook
// server, stateless. Every POST is authenticated by its own Bearer token and served
// by a tool server made for it, closed with its answer: nothing of a client stays
// between requests (no session, no cache of its own), so memory is bounded by the
// requests in flight, which RequestLimiter caps, and any instance can answer any
// request. The tools call the REST API on the server's own address with the token,
// so a tool call is authorized and validated by REST exactly as the same call over
// REST or stdio would be: one road, not a second one to keep in step.

export interface McpEndpoint extends AppMount {
  /** Requests being served now: with none in flight, the endpoint holds nothing of any client. */
  inFlight(): number;
  /** The REST answers kept for revalidation, for all clients together. */
  readonly kept: KeptAnswers;
}

export interface McpEndpointDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /**
   * Where the tools call the API: the server's own loopback address (startServer's), which keeps
   * taking connections while the public port drains at shutdown. Absent: the address the request reached.
   */
  ownUrl?: () => string;
}

/**
 * A JSON-RPC message may carry up to the REST JSON limit (5 MB) plus its envelope;
 * a larger JUnit file goes over REST (`casebook import junit`), not through an assistant.
 */
const MAX_MESSAGE_BYTES = 6 * 2 ** 20;
/** Seconds a refused client is asked to wait: a tool call takes well under that. */
const RETRY_AFTER_S = 1;

export async function createMcpEndpoint(deps: McpEndpointDeps, limits: Partial<RequestLimits> = {}): Promise<McpEndpoint> {
  const { config, database, logger } = deps;
  const rbac = await loadRbac();
  const minimumRole = (resource: string, action: string) => leastRole(rbac, resource, action);
  const limiter = new RequestLimiter({ ...config.mcp.concurrency, ...limits });
  const kept = new KeptAnswers(config.mcp.keptAnswerBytes);
  const ownOrigin = new URL(config.publicUrl).origin;
  /** Transports answering now, closed at shutdown. */
  const serving = new Set<StreamableHTTPServerTransport>();
  let closed = false;

  async function handler(req: Request, res: Response): Promise<void> {
    // A browser page of another site, DNS rebinding included, sends its own Origin; MCP clients send none.
    if (req.headers.origin !== undefined && req.headers.origin !== ownOrigin) {
      return sendError(res, 'forbidden_origin', 'Forbidden - Origin not allowed');
    }
    // Stateless: no event stream to GET and no session to DELETE. The SDK's client takes
    // 405 on either to mean exactly that.
    if (req.method !== 'POST') {
      res.set('Allow', 'POST');
      return sendError(res, 'method_not_allowed', 'Method not allowed: this server is stateless; send each JSON-RPC message as a POST');
    }
    if (closed) {
      res.set('Retry-After', String(RETRY_AFTER_S));
      return sendError(res, 'server_shutting_down', 'Service unavailable');
    }
    const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    const principal = token ? await authenticateToken(database.prisma, token, req) : null;
    if (!token || !principal) {
      res.set('WWW-Authenticate', 'Bearer');
      return sendError(res, 'unauthorized', UNAUTHORIZED);
    }
    let selection: ToolSelection;
    try {
      selection = toolSelection(req);
    } catch (err) {
      if (err instanceof ToolSelectionError) return sendError(res, 'validation_failed', `Invalid request: ${err.message}`);
      throw err;
    }

    const slot = limiter.acquire(principal.tokenId === null ? hashSecret(token) : `id:${principal.tokenId}`, principal.userId);
    if ('refused' in slot) {
      res.set('Retry-After', String(RETRY_AFTER_S));
      if (slot.refused === 'total') return sendError(res, 'server_busy', 'Service unavailable');
      const bound =
        slot.refused === 'token'
          ? `${limiter.limits.perToken} MCP requests at once for this token`
          : `${limiter.limits.perUser} MCP requests at once for one user`;
      return sendError(res, 'too_many_requests', `Too many requests: at most ${bound}; retry when one has been answered`);
    }

    const runtime: ToolRuntime = {
      client: createHttpClient({
        baseUrl: deps.ownUrl?.() ?? ownAddress(req),
        token,
        maxRetries: config.mcp.maxRetries,
        timeoutMs: config.mcp.timeoutMs,
        kept,
      }),
      minimumRole,
      // Download summaries tell the caller where to fetch the file: the address it knows, not our loopback one.
      publicUrl: config.publicUrl,
    };
    const server = createMcpServer(runtime, logger.child({ mcp: 'http', userId: principal.userId }), selection);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, maxRequestBodySize: MAX_MESSAGE_BYTES });
    serving.add(transport);
    // Answered or abandoned, the request's server and transport go, and its slot with them.
    res.once('close', () => {
      serving.delete(transport);
      slot.release();
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }

  return {
    path: '/mcp',
    handler: (req, res, next) => handler(req, res).catch(next),
    close: async () => {
      closed = true;
      await Promise.allSettled([...serving].map((transport) => transport.close()));
      kept.clear();
    },
    inFlight: () => limiter.size,
    kept,
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

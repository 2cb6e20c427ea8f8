import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

// The live sessions of /mcp. A session is one transport and one MCP server, bound to
// the token that opened it. It ends on DELETE (the SDK closes its transport), when it
// has been idle too long, when its token opens one session too many, or at shutdown;
// whichever way, the transport is closed and the session leaves every map.

export interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  /** SHA-256 of the token that opened it: only that token may use it. */
  tokenHash: string;
  /** Requests in flight, an open event stream included: a session with one is not idle. */
  open: number;
  lastUsed: number;
  idleTimer?: NodeJS.Timeout;
}

export interface SessionLimits {
  /** A session with no request in flight for this long is closed. */
  idleMs: number;
  /** Sessions one token may hold; opening one more closes its least recently used. */
  perToken: number;
}

export class SessionStore {
  /** Initialized sessions by Mcp-Session-Id. */
  private readonly byId = new Map<string, Session>();
  /** Every session whose transport is open, initialized or not yet. */
  private readonly live = new Set<Session>();

  constructor(private readonly limits: SessionLimits) {}

  get size(): number {
    return this.live.size;
  }

  /** The session `id` if `tokenHash` opened it; another token's session is as unknown as a missing one. */
  find(id: string, tokenHash: string): Session | undefined {
    const session = this.byId.get(id);
    return session?.tokenHash === tokenHash ? session : undefined;
  }

  /** Tracks a new session; call before connecting its server, which chains the transport's onclose. */
  add(session: Session): void {
    const mine = [...this.live].filter((s) => s.tokenHash === session.tokenHash);
    if (mine.length >= this.limits.perToken) {
      const oldest = mine.reduce((a, b) => (a.lastUsed <= b.lastUsed ? a : b));
      void oldest.transport.close();
    }
    this.live.add(session);
    session.transport.onclose = () => {
      clearTimeout(session.idleTimer);
      this.live.delete(session);
      if (session.transport.sessionId) this.byId.delete(session.transport.sessionId);
    };
  }

  /** The SDK's onsessioninitialized: the session becomes reachable by its id. */
  initialized(session: Session, id: string): void {
    if (this.live.has(session)) this.byId.set(id, session);
  }

  /** Hands a request to the session's transport; the idle clock runs only while none is in flight. */
  async serve(session: Session, req: IncomingMessage, res: ServerResponse): Promise<void> {
    session.open++;
    session.lastUsed = Date.now();
    clearTimeout(session.idleTimer);
    res.once('close', () => {
      session.open--;
      session.lastUsed = Date.now();
      if (session.open === 0 && this.live.has(session)) {
        session.idleTimer = setTimeout(() => void session.transport.close(), this.limits.idleMs);
        session.idleTimer.unref();
      }
    });
    await session.transport.handleRequest(req, res);
  }

  /** Ends one session (e.g. a request that did not initialize it). */
  async end(session: Session): Promise<void> {
    await session.transport.close();
  }

  /** Ends every session: their event streams must not hold the HTTP server open. */
  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.live].map((s) => s.transport.close()));
  }
}

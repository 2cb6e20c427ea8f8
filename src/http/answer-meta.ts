import type { Response } from 'express';
import type { AnswerMeta } from '../core/context';

// The answer metadata a handler names (RequestContext.answer) as HTTP headers:
// a page's list total and the cursor of the page after it, beside a body that
// stays the bare array the contract gives those lists (src/openapi/page-meta.ts
// documents them; the MCP server and the web app read them).

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export function sendAnswerMeta(res: Response, meta: AnswerMeta): void {
  if (meta.total !== undefined) res.set(TOTAL_COUNT_HEADER, String(meta.total));
  if (meta.nextCursor !== undefined) res.set(NEXT_CURSOR_HEADER, meta.nextCursor);
}

import type { RequestContext } from '../../core/context';
import { userChangeCount } from '../users/data';

/**
 * GET /tokens, the version of its answer (src/http/etag.ts): the caller's change
 * counter, which every write to the caller's tokens moves (their use too).
 */
export async function tokensVersion(ctx: RequestContext): Promise<string | undefined> {
  const changes = await userChangeCount(ctx.db, ctx.userId);
  return changes === undefined ? undefined : `t${ctx.userId}.${changes}`;
}

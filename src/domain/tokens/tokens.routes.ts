import { route } from '../../core/route';
import { z } from '../../core/schemas';
import { deleteTokenBody, generateTokenBody, newTokenRecord, tokenRecord, tokenRevoked } from './tokens.schemas';
import { tokenOwnerSql } from '../users/data';
import { tokensVersion } from './token-version';
import { generateToken, listTokens, revokeToken } from './tokens.service';

const tag = 'Tokens';

export const tokenRoutes = [
  route({
    method: 'post',
    path: '/token/generate',
    resource: 'token',
    action: 'create',
    tag,
    // Admins may mint with a token too (CI, the embedded default); everyone else needs the browser session.
    sessionOnly: { unless: { resource: 'token', action: 'manage-others' } },
    limitByAddress: true,
    summary: "Generate an API token (browser session, or an Admin's token; the token is shown only here)",
    body: generateTokenBody,
    response: newTokenRecord,
    successStatus: 201,
    errors: ['token_limit'],
    changes: { user: ({ body }) => body.userId, audit: true },
    handler: (ctx, { body }) => generateToken(ctx, body),
  }),
  route({
    method: 'delete',
    path: '/token/delete',
    resource: 'token',
    action: 'delete',
    tag,
    summary: "Revoke a token (own; Admin: another user's when Admin in every organization of that user)",
    body: deleteTokenBody,
    response: tokenRevoked,
    changes: { user: ({ body }) => tokenOwnerSql(body.tokenId), audit: true },
    handler: (ctx, { body }) => revokeToken(ctx, body.tokenId),
  }),
  route({
    method: 'get',
    path: '/tokens',
    resource: 'token',
    action: 'read',
    tag,
    summary: "The caller's tokens, without their secrets",
    response: z.array(tokenRecord),
    caching: { etag: tokensVersion },
    handler: (ctx) => listTokens(ctx),
  }),
];

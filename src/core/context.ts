import type { Db } from '../db/client';
import type { BlobStore } from '../db/blobs';
import type { Role } from '../generated/prisma/client';

/** A user's membership of one organization, with the role held there. */
export interface Membership {
  orgId: number;
  role: Role;
}

/**
 * What an answer says beside its data, in no transport's terms: the handler fills
 * it in, the HTTP edge sends it as headers (src/http/answer-meta.ts).
 */
export interface AnswerMeta {
  /** How many entries the whole list holds, when the data is one page of it. */
  total?: number;
  /** Where the page after this one starts (an opaque cursor); absent on the last page. */
  nextCursor?: string;
  /**
   * The version of what the answer shows, read in the same statement as its data,
   * on routes with `caching.versionInAnswer`: the source of the answer's ETag (src/http/etag.ts).
   */
  version?: string;
}

/** Where attachments' bytes go (ATTACHMENT_* settings), and how many may go there. */
export interface AttachmentStorage {
  blobs: BlobStore;
  /** Bytes of one file at most. */
  maxFileBytes: number;
  /** Bytes of one organization's files in all; 0: no quota. */
  quotaBytes: number;
}

/** Who is calling, and the database to serve them from. Services get this, never `req`. */
export interface RequestContext {
  userId: number;
  /** Every organization of the caller, with the caller's role in it. */
  memberships: Membership[];
  /**
   * The organizations where the caller's role allows this route's action: the
   * scope every query of the route filters on.
   */
  orgIds: number[];
  via: 'session' | 'token';
  /**
   * The API token the caller acts with: a Bearer token, or the token a session was started
   * from ("Sign in with an API token"); null for an OAuth session. Audit entries name it.
   */
  tokenId: number | null;
  db: Db;
  /** The attachments' store and limits. */
  attachments: AttachmentStorage;
  /** Webhook targets: whether loopback, private and link-local addresses are allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  webhookTargets: { allowPrivate: boolean };
  /** RBAC for rules finer than the route's own: may the caller do this in that organization? */
  can(resource: string, action: string, orgId: number): boolean;
  /** Metadata of this request's answer, empty until the handler names some (a page's total, the next cursor). */
  answer: AnswerMeta;
  /**
   * The row the route's ride read with the credential (Caching.ride in src/core/route.ts), in one of `orgIds`;
   * null when it found nothing there; absent when not ridden: the handler reads it itself.
   */
  ridden?: Record<string, unknown> | null;
}

import type { z } from 'zod';
import type { ErrorCode } from './error-codes';
import { jsonBodyOf, rawBodyOf, type RouteSpec } from './route';

// The error codes a route can answer: those every route can, those its spec implies (its body,
// the ids it takes, a download, an Idempotency-Key) and the ones it declares (`errors`). The
// OpenAPI document lists them per operation, and the test suite's response check holds every
// error answer to its operation's list.

const EVERY_ROUTE: ErrorCode[] = ['unauthorized', 'rate_limited', 'forbidden', 'validation_failed', 'internal', 'database_unavailable'];

/** An id field of a query or body, and the 404 of a record it names that is missing or out of reach. */
const ID_FIELDS: Record<string, ErrorCode> = {
  orgId: 'organization_not_found',
  orgIds: 'organization_not_found',
  projectId: 'project_not_found',
  runId: 'run_not_found',
  testId: 'test_not_found',
  sectionId: 'section_not_found',
  parentSectionId: 'section_not_found',
  userId: 'user_not_found',
  tokenId: 'token_not_found',
  invitationId: 'invitation_not_found',
  progressId: 'import_progress_not_found',
  attachmentId: 'attachment_not_found',
  milestoneId: 'milestone_not_found',
};

function fieldsOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

export function routeErrorCodes(route: Omit<RouteSpec, 'handler'>): ErrorCode[] {
  const codes = new Set<ErrorCode>(EVERY_ROUTE);
  for (const field of [...fieldsOf(route.query), ...fieldsOf(jsonBodyOf(route))]) {
    const code = ID_FIELDS[field];
    if (code) codes.add(code);
  }
  if (route.method !== 'get') codes.add('forbidden_origin');
  // A JSON body or a raw one.
  if (route.body) for (const code of ['payload_too_large', 'unsupported_media_type', 'malformed_request'] as const) codes.add(code);
  // Downloads and raw-body imports wait for a slot of their own (src/http/render-slots.ts).
  if ((route.download && !route.fromStorage) || rawBodyOf(route)) codes.add('server_busy');
  if (route.idempotent) for (const code of ['idempotency_conflict', 'idempotency_mismatch'] as const) codes.add(code);
  for (const code of route.errors ?? []) codes.add(code);
  return [...codes];
}

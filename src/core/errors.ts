import { z } from 'zod';
import { statusOf, type ErrorCode } from './error-codes';

// One error type for every layer: a code (src/core/error-codes.ts) and a message. The code
// decides the HTTP status, applied only at the edge (src/http).
export type { ErrorCode } from './error-codes';

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }

  get status(): number {
    return statusOf(this.code);
  }
}

export const UNAUTHORIZED = 'Unauthorized - Please login';
export const FORBIDDEN = 'Forbidden - User does not have access';

/** The records a 404 names, and the code of each. */
const NOT_FOUND_CODES = {
  Organization: 'organization_not_found',
  Project: 'project_not_found',
  Test: 'test_not_found',
  'Test version': 'version_not_found',
  Run: 'run_not_found',
  Section: 'section_not_found',
  Label: 'label_not_found',
  Squad: 'squad_not_found',
  'Lookup entry': 'lookup_not_found',
  'Custom field': 'custom_field_not_found',
  User: 'user_not_found',
  Token: 'token_not_found',
  Invitation: 'invitation_not_found',
  'Import progress': 'import_progress_not_found',
  Attachment: 'attachment_not_found',
  'Shared steps': 'shared_steps_not_found',
  Milestone: 'milestone_not_found',
  Plan: 'plan_not_found',
  'Configuration group': 'configuration_group_not_found',
  Webhook: 'webhook_not_found',
  'Webhook delivery': 'webhook_delivery_not_found',
} as const satisfies Record<string, ErrorCode>;
export type RecordKind = keyof typeof NOT_FOUND_CODES;

/** The code of a `<Kind> not found`; `not_found` for a kind without one of its own. */
export const notFoundCode = (kind: string): ErrorCode => NOT_FOUND_CODES[kind as RecordKind] ?? 'not_found';

export const unauthorized = () => new AppError('unauthorized', UNAUTHORIZED);
export const forbidden = () => new AppError('forbidden', FORBIDDEN);
/** A cookie-authenticated write from another site: the same text as any refusal, its own code. */
export const forbiddenOrigin = () => new AppError('forbidden_origin', FORBIDDEN);
export const notFound = (kind: RecordKind) => new AppError(NOT_FOUND_CODES[kind], `${kind} not found`);
export const badRequest = (message: string, code: ErrorCode = 'validation_failed') => new AppError(code, `Invalid request: ${message}`);
export const conflict = (code: ErrorCode, message: string) => new AppError(code, message);
export const runLocked = () => new AppError('run_locked', 'Run is locked');
export const planLocked = () => new AppError('plan_locked', 'Plan is locked');
export const projectInactive = () => new AppError('project_inactive', 'Project is inactive');

/** `Invalid request: title: Required; projectId: Expected number` — every bad field named. */
export function zodMessage(error: z.ZodError, prefix: (string | number)[] = []): string {
  const parts = error.issues.flatMap(unionCause).map((issue) => {
    const where = [...prefix, ...issue.path].map(String).join('.');
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  return `Invalid request: ${[...new Set(parts)].join('; ')}`;
}

type Issue = z.core.$ZodIssue;
/**
 * A union none of whose options took the value: when all options but one refused it for its type
 * alone (a list given where text or a list is taken), that option's own reasons ("At most 100 steps",
 * "steps.3.action: Required"), else the union's message.
 */
function unionCause(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || !('errors' in issue) || !Array.isArray(issue.errors)) return [issue];
  const typeOnly = (branch: Issue[]) => branch.length > 0 && branch.every((i) => i.code === 'invalid_type' && i.path.length === 0);
  const matching = issue.errors.filter((branch) => !typeOnly(branch));
  if (matching.length !== 1) return [issue];
  return matching[0].flatMap((inner) => unionCause({ ...inner, path: [...issue.path, ...inner.path] }));
}

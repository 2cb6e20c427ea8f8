import { ERROR_CODES, type ErrorCode } from '../core/error-codes';
import { requiredParams, type ToolSpec } from './tools';

// The "💡 Tip" of a failed tool call: what an assistant should do next, by kind
// of error. The REST error text itself is shown whole, above the tip.

export interface TipContext {
  /** The least role the RBAC policy allows for the tool's route (undefined: none). */
  minimumRole?: string;
  attempts: number;
}

// Where a valid id of each kind of record can be found.
const listingTool: Record<string, string> = {
  organization: 'get-orgs-list',
  project: 'get-projects (orgIds come from get-orgs-list)',
  test: 'get-tests',
  run: 'get-runs',
  milestone: 'get-milestones',
  plan: 'get-plans',
  'configuration group': 'get-configurations',
  section: 'get-sections',
  label: 'get-labels',
  squad: 'get-squads',
  user: 'get-all-users',
  priority: 'get-priority',
  platform: 'get-platforms',
  type: 'get-type',
  'automation status': 'get-automation-status',
  'test covered by': 'get-test-covered-by',
};

export interface ToolError {
  /** The envelope's code; undefined when the answer was not Casebook's error envelope (a proxy's, say). */
  code: ErrorCode | undefined;
  status: number;
  message: string;
}

const ROLE_TIP = (spec: ToolSpec, ctx: TipContext) => {
  const role = ctx.minimumRole;
  return role
    ? `${spec.name} needs the ${role} role${role === 'Admin' ? '' : ' or higher'}, which this token's user lacks. Ask an Admin to raise your role (the update-user-role tool, or PUT /user/update-role), or use the token of a user who has it.`
    : `No role may call ${spec.name} with this token; ask an Admin which access you need.`;
};
const serverFailed = (e: ToolError, ctx: TipContext) =>
  `The server failed (HTTP ${e.status}${ctx.attempts > 1 ? `, ${ctx.attempts} attempts` : ''}); this is not caused by your parameters. Retry later; if it persists, tell the Casebook administrator.`;
const notFound = (kind: string) =>
  `No ${kind} with that id is visible to you (it does not exist or belongs to another organization). Call ${listingTool[kind]} to find a valid id.`;
const retryLater = (spec: ToolSpec, ctx: TipContext) =>
  `The server is busy (tried ${ctx.attempts} times). Wait a minute, then call ${spec.name} again.`;

type Tip = (e: ToolError, spec: ToolSpec, ctx: TipContext) => string;

/** The tip of each error code: a new code does not compile until it has one. */
const TIPS: Record<ErrorCode, Tip> = {
  validation_failed: (e, spec) => badRequestTip(e.message, spec),
  malformed_request: (e, spec) => badRequestTip(e.message, spec),
  invalid_reference: (e, spec) =>
    `An id you passed is not one of this project (or run): ${e.message.replace(/^Invalid request:\s*/, '')}. Read valid ids with the matching get- tool, then call ${spec.name} again.`,
  ambiguous_name: (_e, spec) =>
    `The name fits several records, listed in the message with their ids: pass the id of the one you mean (or its full section path, or the member's email), then call ${spec.name} again.`,
  no_matching_tests: () => 'The selection matches no live test: widen it (other sections, labels or priorities), or create tests first.',
  assignee_not_member: (e, spec) =>
    `Tests go only to members of the run's organization: ${e.message.replace(/^Invalid request:\s*/, '')}. Read who may be assigned with get-project-members, then call ${spec.name} again.`,
  run_too_large: () => 'A run holds at most 100,000 tests: split the tests over several runs.',
  junit_malformed: (_e, spec) =>
    `The report is not well-formed JUnit XML: fix the file at the line and column the error names, or regenerate it, then call ${spec.name} again.`,
  junit_too_large: (_e, spec) =>
    `The report holds more testcases than one import takes: call ${spec.name} with it in parts, into one run (runId).`,
  csv_malformed: (_e, spec) =>
    `The CSV file cannot be read at the row the error names (a quote never closed, a row longer than the header, not UTF-8): fix the file there, then call ${spec.name} again.`,
  csv_invalid_rows: (_e, spec) =>
    `Rows of the file cannot be imported and nothing was written: call ${spec.name} with dryRun true to list every row, column and reason, fix those rows or the mapping, then import again.`,
  unauthorized: () =>
    'Check CASEBOOK_TOKEN: it must be a current API token (cb_...) of your user; revoked and expired tokens are refused. Create one with `casebook token create --email <you>` and restart the tool server with it.',
  forbidden: (_e, spec, ctx) => ROLE_TIP(spec, ctx),
  forbidden_origin: () => 'The server refused a request from another site; the tool server sends none, so check CASEBOOK_URL.',
  not_found: () => 'Check the ids you passed: the record does not exist or belongs to an organization you are not a member of.',
  route_not_found: (_e, spec) =>
    `This Casebook server has no ${spec.method} /api/v1${spec.path}: it is older than this tool server; update it.`,
  organization_not_found: () => notFound('organization'),
  project_not_found: () => notFound('project'),
  test_not_found: () => notFound('test'),
  test_deleted: () =>
    'The test was deleted (the message says when): it is no longer in the catalog. Find its replacement with get-tests (search by title); its results stay readable in the runs that hold it (get-run-test).',
  version_not_found: () =>
    'The test has no version of that number: call get-test-versions without version to list its versions (a test unchanged since versions began has none).',
  run_not_found: () => notFound('run'),
  milestone_not_found: () => notFound('milestone'),
  webhook_not_found: () => 'No such webhook in an organization you administer: list them with get-webhooks and use one of their ids.',
  webhook_delivery_not_found: () =>
    'No such delivery of a webhook you administer: list them with get-webhook-deliveries and use one of their ids.',
  webhook_target_refused: (_e, spec) =>
    `The URL is refused: only http(s) to public addresses. Give a public URL, then call ${spec.name} again (a private receiver needs the server's WEBHOOK_ALLOW_PRIVATE_TARGETS=true).`,
  webhook_events_not_posted: (_e, spec) =>
    `A slack or teams webhook posts run.completed, run.locked and import.completed only: call ${spec.name} again with just those events, or with format standard.`,
  plan_not_found: () => notFound('plan'),
  plan_locked: () => 'The plan is locked: its runs take no results and it takes no entries. Make a new plan, or ask an Admin to unlock it.',
  plan_not_locked: () => 'The plan is not locked: nothing to unlock.',
  plan_too_large: (_e, spec) =>
    `A plan holds at most 200 runs and 500,000 results: call ${spec.name} with fewer tests or configurations, or split the work over several plans.`,
  milestone_nesting: (_e, spec) =>
    `Milestones nest one level deep: give a top-level milestone as parentId (get-milestones shows parentId null for those), then call ${spec.name} again.`,
  milestone_completed: () => 'The milestone is completed already: nothing to do.',
  milestone_open: () => 'The milestone is open already: nothing to reopen.',
  configuration_group_not_found: () => notFound('configuration group'),
  section_not_found: () => notFound('section'),
  label_not_found: () => notFound('label'),
  squad_not_found: () => notFound('squad'),
  shared_steps_not_found: () =>
    'No shared steps with that id are visible to you. Call get-shared-steps with the projectId to find a valid sharedStepsId.',
  lookup_not_found: () =>
    'No lookup entry with that id is visible to you. Call the get- tool of its list (get-priority, get-platforms, get-automation-status, get-type, get-test-covered-by) to find a valid id.',
  custom_field_not_found: () => 'No custom field with that id in that project: list them with get-custom-fields.',
  user_not_found: () => notFound('user'),
  token_not_found: () =>
    'No token with that id is yours to manage: list the tokens in the web app (Settings) or with `casebook token list`.',
  invitation_not_found: () => 'No pending invitation with that id in an organization you administer: list them with get-invitations.',
  attachment_not_found: () =>
    'No attachment with that id in that project is visible to you: list them with get-attachments (a test, and its runId for a result).',
  import_progress_not_found: () =>
    'No import of yours runs under that progress id: poll with the id the import was sent with, after it has started.',
  method_not_allowed: (_e, spec) => `The server does not take ${spec.method} here: update the tool server to match the Casebook server.`,
  duplicate_name: (e, spec) => {
    const kind = Object.keys(listingTool).find((k) => e.message.toLowerCase().startsWith(k));
    return `That name is taken where ${spec.name} would put it: choose another name, or use the existing record (${kind ? listingTool[kind] : 'the matching get- tool'} lists them).`;
  },
  in_use: () =>
    'The value is still used, as the message counts. Take it off those tests first (update-test or bulk-update-tests, with get-tests filtered by it to find them), or rename it instead of deleting it; a run that shows it keeps it until the run is deleted. Shared steps: the message names the tests using them; update their steps first.',
  duplicate_automation_key: () =>
    'Another test of the project holds that automation key: use another key, or update the test that holds it (get-tests finds it by automationKey).',
  duplicate_key: () => 'A custom field of the project has that key: choose another key, or leave key out to derive one from the name.',
  field_limit: () => 'The project has as many custom fields as it may (50): delete one it no longer needs (get-custom-fields lists them).',
  project_inactive: () =>
    'The project is inactive and refuses changes: reactivate it with update-project-status (isActive: true), or work in an active project.',
  last_admin: () => 'The organization needs at least one Admin: make another member Admin first (update-user-role).',
  already_member: () => 'That user is already a member: change their role with update-user-role instead.',
  invitation_accepted: () => 'That invitation was accepted: the person is a member now; change their role with update-user-role instead.',
  run_not_locked: () => 'The run is not locked: nothing to unlock.',
  token_limit: () => 'The user holds as many active tokens as allowed: revoke one first.',
  idempotency_conflict: (_e, spec) =>
    `The same request is still running: wait a few seconds, then call ${spec.name} again to get its answer.`,
  idempotency_mismatch: () => 'That Idempotency-Key was used for a different request: use a new key.',
  payload_too_large: () =>
    'The request is too large: send fewer items per call (bulk tools take at most 5000) or shorter texts; a file larger than the limit the message names cannot be attached.',
  unsupported_media_type: (_e, spec) =>
    `The server refused the request's content type: update the tool server, or send ${spec.name}'s content as its description says.`,
  edit_conflict: (_e, spec) =>
    `Someone changed the record since it was read: read it again (its get tool), check what changed, then call ${spec.name} again with the fields you still want to change.`,
  run_locked: () =>
    'The run is locked: its results, name and tests can no longer change. Create a new run with create-run (or import-junit without runId) to record further results, or ask an Admin to reopen it with run-unlock.',
  too_many_requests: (_e, spec, ctx) =>
    `The server is limiting requests (tried ${ctx.attempts} times). Wait a minute, then call ${spec.name} again.`,
  rate_limited: (_e, spec, ctx) =>
    `This token has used its requests for the minute (the server's RATE_LIMIT_PER_MINUTE, shared by all its instances); ` +
    `the tool server waited and tried ${ctx.attempts} times. Wait until the minute is over, then call ${spec.name} again; ` +
    'fewer, larger calls (bigger pages, bulk tools) spend fewer requests.',
  request_timeout: (_e, spec) => `The request did not reach the server whole in time: call ${spec.name} again.`,
  header_too_large: () => 'The request headers are too large: check CASEBOOK_TOKEN and any proxy in between.',
  quota_exceeded: () =>
    "The organization's attachments have reached its storage quota: delete attachments it no longer needs, or ask the Casebook administrator to raise ATTACHMENT_QUOTA_MB.",
  internal: (e, _spec, ctx) => serverFailed(e, ctx),
  database_unavailable: (e, _spec, ctx) => serverFailed(e, ctx),
  server_shutting_down: (_e, spec, ctx) => retryLater(spec, ctx),
  server_busy: (_e, spec, ctx) => retryLater(spec, ctx),
};

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);

/** The envelope's code when it is one of Casebook's, else undefined. */
export const errorCodeOf = (code: unknown): ErrorCode | undefined => (isErrorCode(code) ? code : undefined);

/** What to do next after a failed call, decided by the error's code. */
export function tipForError(e: ToolError, spec: ToolSpec, ctx: TipContext): string {
  if (e.code) return TIPS[e.code](e, spec, ctx);
  // Not Casebook's envelope: a proxy or gateway answered (HTTP 502 and the like), or a server without codes.
  return e.status >= 500 ? serverFailed(e, ctx) : `Check the call against the description of ${spec.name} and try again.`;
}

export function invalidInputTip(spec: ToolSpec): string {
  const required = requiredParams(spec);
  const raw = spec.rawBody?.gzipParam ? ` and ${spec.rawBody.param} or ${spec.rawBody.gzipParam} (one of them)` : '';
  return `Call ${spec.name} with ${required.length ? `its required parameters ${required.join(', ')}${raw}` : 'only the parameters it declares'}, typed as its input schema says. Example: ${JSON.stringify(spec.example)}`;
}

export function unreachableTip(baseUrl: string, timedOut: boolean, spec: ToolSpec, attempts: number): string {
  if (timedOut) {
    const write = spec.method !== 'GET';
    return `Casebook at ${baseUrl} did not answer in time${attempts > 1 ? ` (${attempts} attempts)` : ''}. Retry later or raise CASEBOOK_TIMEOUT_MS.${write ? ' This change may have been applied: check with a read tool before repeating it.' : ''}`;
  }
  return `Check that Casebook is running at ${baseUrl} (CASEBOOK_URL) and reachable from here; tried ${attempts} time${attempts > 1 ? 's' : ''}. Retry later.`;
}

/** Names the offending fields (callTool has put the tool's names in the message). */
function badRequestTip(message: string, spec: ToolSpec): string {
  const fields = [...message.replace(/^Invalid request:\s*/, '').matchAll(/(?:^|;\s*)([\w.]+):/g)].map((m) => m[1]);
  const which = fields.length ? `Fix ${[...new Set(fields)].join(', ')} as the error says` : 'Fix the parameters the error names';
  return `${which}, then call ${spec.name} again. Example of a valid call: ${JSON.stringify(spec.example)}`;
}

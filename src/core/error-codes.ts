// Every error code Casebook answers, in one list: the `code` of the error envelope
// `{ error, status, code }`, its HTTP status, what it means and what a client should do.
// The edge (src/http), the OpenAPI document (src/openapi/errors.ts), the MCP tips, the web
// app and the README's table all read this list; a code is stable once released.

export interface ErrorCodeInfo {
  status: number;
  meaning: string;
  action: string;
  /** Not answered yet: kept so clients can handle it before it is. */
  reserved?: true;
}

export const ERROR_CODES = {
  validation_failed: {
    status: 400,
    meaning: 'A query parameter, header or body field is missing or invalid; the message names each one',
    action: 'Fix the named fields and send the request again',
  },
  malformed_request: {
    status: 400,
    meaning: 'The body is not valid JSON, does not decode as its Content-Encoding, is cut short, or the HTTP request itself is malformed',
    action: 'Send a well-formed request',
  },
  invalid_reference: {
    status: 400,
    meaning:
      'An id in the request names no record where it must be (a section of another project, a test not in the run, an unknown label)',
    action: 'Use ids read from the same project (or run) and send again',
  },
  no_matching_tests: {
    status: 400,
    meaning: 'The selection of a run matches no live test',
    action: 'Widen the selection (sections, labels, priorities) or add tests first',
  },
  ambiguous_name: {
    status: 400,
    meaning:
      'A name given where an id is taken (to the tool server: a project, section path, run, label, squad, lookup entry or member) names several records; the message lists them with their ids',
    action: 'Give the id of the one meant (or a fuller name: a section path, a member email)',
  },
  plan_too_large: {
    status: 400,
    meaning: 'The test plan would hold more runs (200) or results (500,000) than one plan may',
    action: 'Split the work over several plans, or pick fewer tests or configurations',
  },
  assignee_not_member: {
    status: 400,
    meaning: "A user given as assignee is not a member of the run's organization; the message names each one",
    action: 'Assign members of the organization (GET /project/members lists them), or invite the user first',
  },
  run_too_large: {
    status: 400,
    meaning: 'The run would hold more tests than a run may',
    action: 'Split the tests over several runs',
  },
  webhook_target_refused: {
    status: 400,
    meaning:
      "The webhook's URL is not one Casebook posts to: not http(s), or its host resolves to a loopback, private, link-local or metadata address (the SSRF guard)",
    action: 'Give a public http(s) URL; for a receiver on a private network, the operator sets WEBHOOK_ALLOW_PRIVATE_TARGETS=true',
  },
  webhook_events_not_posted: {
    status: 400,
    meaning:
      'A webhook of format slack or teams posts chat messages for run.completed, run.locked and import.completed only; the message names the other event types it was given',
    action: 'Subscribe the chat webhook to those events only, or use format standard for the others',
  },
  milestone_nesting: {
    status: 400,
    meaning:
      'Milestones nest one level deep: the parent named is itself a sub-milestone, or the milestone given a parent has sub-milestones of its own (or is the parent)',
    action: 'Pick a top-level milestone as the parent, or move its sub-milestones first',
  },
  junit_malformed: {
    status: 400,
    meaning: 'The JUnit report is not well-formed XML or not a JUnit report; the message names the line and column',
    action: 'Fix or regenerate the report file',
  },
  junit_too_large: {
    status: 400,
    meaning: 'The JUnit report holds more testcases than one import takes',
    action: 'Import the report in several parts into one run',
  },
  csv_malformed: {
    status: 400,
    meaning:
      'The CSV file cannot be read: a quote never closed, a row with more cells than the header, no header row, or not UTF-8; the message names the row',
    action: 'Fix the file at that row (or export it again as CSV UTF-8) and send it again',
  },
  csv_invalid_rows: {
    status: 400,
    meaning:
      'Rows of the CSV file hold values that cannot be imported (no title, an unknown priority, a bad custom field value...); the message lists each row, column and reason, and nothing was written',
    action: 'Fix those rows or the column mapping (a dry run lists every error) and send the file again',
  },
  unauthorized: {
    status: 401,
    meaning: 'No credentials, or an unknown, revoked or expired token or session',
    action: 'Sign in again or use a current API token',
  },
  forbidden: {
    status: 403,
    meaning: "The caller's role, or its token's scope, lacks the permission",
    action: 'Ask an Admin of the organization for the role, or use a token that has it',
  },
  forbidden_origin: {
    status: 403,
    meaning: 'A request with the browser session came from another site',
    action: 'Send it from the Casebook web app, or with an API token',
  },
  not_found: {
    status: 404,
    meaning: 'No such record or file',
    action: 'Check the ids and the path',
  },
  route_not_found: {
    status: 404,
    meaning: 'No API route has this method and path: a typo, or a server older than the client',
    action: 'Check the path against the API reference of this server',
  },
  organization_not_found: {
    status: 404,
    meaning: 'The organization does not exist or the caller is not a member of it',
    action: 'List your organizations and use one of their ids',
  },
  project_not_found: {
    status: 404,
    meaning: 'The project does not exist or belongs to an organization the caller is not a member of',
    action: 'List the projects of your organizations and use one of their ids',
  },
  test_not_found: {
    status: 404,
    meaning: 'The test does not exist in the project, or was deleted',
    action: "List the project's tests and use one of their ids",
  },
  test_deleted: {
    status: 404,
    meaning: 'The test was deleted from the catalog; the message says when (its results stay in the runs that hold it)',
    action: "Use another test (list the project's tests), or read its results through the runs that hold it",
  },
  version_not_found: {
    status: 404,
    meaning: 'The test has no version of that number (versions count from 1; a test unchanged since versions began has none)',
    action: "List the test's versions (GET /test/versions) and use one of their numbers",
  },
  run_not_found: {
    status: 404,
    meaning: 'The run does not exist in the project, or was deleted',
    action: "List the project's runs and use one of their ids",
  },
  section_not_found: {
    status: 404,
    meaning: 'The section does not exist in the project',
    action: "List the project's sections and use one of their ids",
  },
  user_not_found: {
    status: 404,
    meaning: 'The user does not exist or shares no organization with the caller',
    action: "List your organization's users and use one of their ids",
  },
  token_not_found: {
    status: 404,
    meaning: 'The API token does not exist or is not one the caller may manage',
    action: 'List the tokens and use one of their ids',
  },
  label_not_found: {
    status: 404,
    meaning: 'The label does not exist or belongs to a project of an organization the caller is not a member of',
    action: 'List the labels of the project and use one of their ids',
  },
  squad_not_found: {
    status: 404,
    meaning: 'The squad does not exist or belongs to a project of an organization the caller is not a member of',
    action: 'List the squads of the project and use one of their ids',
  },
  lookup_not_found: {
    status: 404,
    meaning: 'The lookup entry (priority, platform, automation status, type, covered by) does not exist or is not visible to the caller',
    action: 'List the lookup list of the project and use one of its ids',
  },
  custom_field_not_found: {
    status: 404,
    meaning: 'The custom field does not exist in the project, or the project is not visible to the caller',
    action: 'List the custom fields of the project (GET /custom-fields) and use one of their ids',
  },
  invitation_not_found: {
    status: 404,
    meaning: 'The invitation does not exist or belongs to an organization the caller does not administer',
    action: "List the organization's pending invitations and use one of their ids",
  },
  import_progress_not_found: {
    status: 404,
    meaning: "No import of the caller's with that progress id is known (yet, or any more)",
    action: 'Poll with the id sent in X-Import-Progress, after the import has started',
  },
  attachment_not_found: {
    status: 404,
    meaning: 'The attachment does not exist in the project (or its test, run or project was deleted)',
    action: 'List the attachments of the test (GET /attachments) and use one of their ids',
  },
  shared_steps_not_found: {
    status: 404,
    meaning: 'The shared steps do not exist or belong to a project of an organization the caller is not a member of',
    action: 'List the shared steps of the project (GET /shared-steps) and use one of their ids',
  },
  webhook_not_found: {
    status: 404,
    meaning: 'The webhook does not exist, or belongs to an organization where the caller is not an Admin',
    action: "List the organization's webhooks (GET /webhooks) and use one of their ids",
  },
  webhook_delivery_not_found: {
    status: 404,
    meaning: 'The delivery does not exist, or its webhook belongs to an organization where the caller is not an Admin',
    action: "List the webhook's deliveries (GET /webhook/deliveries) and use one of their ids",
  },
  milestone_not_found: {
    status: 404,
    meaning: 'The milestone does not exist in the project, or the project is not visible to the caller',
    action: "List the project's milestones (GET /milestones) and use one of their ids",
  },
  plan_not_found: {
    status: 404,
    meaning: 'The test plan does not exist in the project, or the project is not visible to the caller',
    action: "List the project's plans (GET /plans) and use one of their ids",
  },
  configuration_group_not_found: {
    status: 404,
    meaning: 'The configuration group does not exist in the project, or the project is not visible to the caller',
    action: "List the project's configurations (GET /project/configurations) and use one of their group ids",
  },
  method_not_allowed: {
    status: 405,
    meaning: 'The endpoint does not take this HTTP method',
    action: 'Use the method the documentation names',
  },
  duplicate_name: {
    status: 409,
    meaning:
      'An organization, project, section, label, squad, lookup or configuration group of that name already exists where names must be unique',
    action: 'Choose another name, or use the existing record',
  },
  in_use: {
    status: 409,
    meaning:
      'The label, squad or lookup entry cannot be deleted: tests of the catalog hold it, or runs show it (an open run its tests, deleted ones too; a locked run its copy from lock time); the message says how many. Shared steps: live tests use them; the message names them',
    action: 'Take it off those tests first (a bulk update), or keep it and rename it instead',
  },
  duplicate_key: {
    status: 409,
    meaning: 'A custom field of the project already has that key',
    action: 'Choose another key, or leave it out to have one derived from the name',
  },
  field_limit: {
    status: 409,
    meaning: 'The project already has the most custom fields it may have (50)',
    action: 'Delete a field the project no longer needs first',
  },
  duplicate_automation_key: {
    status: 409,
    meaning: 'Another live test of the project holds that automation key',
    action: 'Use another key, or update the test that holds it',
  },
  project_inactive: {
    status: 409,
    meaning: 'The project is inactive: its tests, runs and metadata cannot change',
    action: 'Reactivate the project (an Admin) before writing to it',
  },
  last_admin: {
    status: 409,
    meaning: 'The change would leave the organization without an Admin',
    action: 'Make another member Admin first',
  },
  already_member: {
    status: 409,
    meaning: 'The invited user is already a member of the organization',
    action: 'Change their role instead of inviting them',
  },
  invitation_accepted: {
    status: 409,
    meaning: 'The invitation was accepted: the invitee is a member now, so there is nothing to revoke',
    action: "Change the member's role instead (PUT /user/update-role)",
  },
  milestone_completed: {
    status: 409,
    meaning: 'The milestone is completed already',
    action: 'Nothing to do; reopen it (PUT /milestone/reopen) to change that',
  },
  milestone_open: {
    status: 409,
    meaning: 'The milestone is open, so there is nothing to reopen',
    action: 'Nothing to do',
  },
  run_not_locked: {
    status: 409,
    meaning: 'The run is not locked, so it cannot be unlocked',
    action: 'Nothing to do',
  },
  plan_not_locked: {
    status: 409,
    meaning: 'The plan is not locked, so it cannot be unlocked',
    action: 'Nothing to do',
  },
  token_limit: {
    status: 409,
    meaning: 'The user holds as many active API tokens as allowed',
    action: 'Revoke a token before creating another',
  },
  idempotency_conflict: {
    status: 409,
    meaning: 'A request with the same Idempotency-Key is still in progress',
    action: 'Wait for it to finish, then send again to get its answer',
  },
  payload_too_large: {
    status: 413,
    meaning: 'The body is larger than the route takes',
    action: 'Send less per request (fewer items, or a gzip-compressed report where the route takes one)',
  },
  unsupported_media_type: {
    status: 415,
    meaning: 'The body is not of a content type (or encoding) the route takes',
    action: 'Send Content-Type: application/json, or the type the route names',
  },
  idempotency_mismatch: {
    status: 422,
    meaning: 'The Idempotency-Key was already used by this user with a different request',
    action: 'Use a new key for a new request',
  },
  edit_conflict: {
    status: 412,
    meaning:
      'The record (a test, run or project) changed since the read whose ETag the write sent in If-Match: writing now would undo the other change',
    action: 'Read the record again (its GET answers the new ETag), reconcile the two versions, and send the write with the new ETag',
  },
  run_locked: {
    status: 423,
    meaning: 'The run is locked: its results, name and tests cannot change',
    action: 'Create a new run, or ask an Admin to unlock it',
  },
  plan_locked: {
    status: 423,
    meaning: 'The plan is locked: its runs are locked, and it takes no new entries or changes',
    action: 'Make a new plan, or ask an Admin to unlock it (PUT /plan/unlock)',
  },
  too_many_requests: {
    status: 429,
    meaning: 'The caller has too many requests in flight at once',
    action: 'Wait until one is answered (Retry-After), then send again',
  },
  rate_limited: {
    status: 429,
    meaning:
      'The API token or session sent more requests this minute than RATE_LIMIT_PER_MINUTE allows, or its address more sign-ins or token creations than LOGIN_RATE_LIMIT_PER_MINUTE; nothing was done',
    action: 'Wait as long as Retry-After says (RateLimit-Reset tells it too), then send again',
  },
  request_timeout: {
    status: 408,
    meaning: 'The request did not arrive whole in time',
    action: 'Send it again',
  },
  header_too_large: {
    status: 431,
    meaning: "The request's headers are larger than the server takes",
    action: 'Send fewer or shorter headers (cookies above all)',
  },
  quota_exceeded: {
    status: 507,
    meaning: "The organization's attachments would take more space than its quota (ATTACHMENT_QUOTA_MB); the message names it",
    action: 'Delete attachments the organization no longer needs, or ask the administrator to raise the quota',
  },
  internal: {
    status: 500,
    meaning: 'A fault of the server; details go to its log only',
    action: 'Retry later; if it persists, tell the administrator',
  },
  database_unavailable: {
    status: 503,
    meaning: 'The database cannot be reached',
    action: 'Retry later',
  },
  server_shutting_down: {
    status: 503,
    meaning: 'The server is shutting down',
    action: 'Send the request again (another instance, or this one once restarted, answers it)',
  },
  server_busy: {
    status: 503,
    meaning: 'No render, import or tool-server slot freed up in time',
    action: 'Wait as long as Retry-After says, then send again',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorCodeList = Object.keys(ERROR_CODES) as ErrorCode[];

export const statusOf = (code: ErrorCode): number => ERROR_CODES[code].status;

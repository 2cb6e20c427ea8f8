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

const idParamResource: Record<string, string> = {
  orgId: 'organization',
  projectId: 'project',
  testId: 'test',
  runId: 'run',
  sectionId: 'section',
  userId: 'user',
};

export function tipForStatus(status: number, message: string, spec: ToolSpec, ctx: TipContext): string {
  if (status === 400) return badRequestTip(message, spec);
  if (status === 401) {
    return 'Check CASEBOOK_TOKEN: it must be a current API token (cb_...) of your user; revoked and expired tokens are refused. Create one with `casebook token create --email <you>` and restart the tool server with it.';
  }
  if (status === 403) {
    const role = ctx.minimumRole;
    return role
      ? `${spec.name} needs the ${role} role${role === 'Admin' ? '' : ' or higher'}, which this token's user lacks. Ask an Admin to raise your role (the update-user-role tool, or PUT /user/update-role), or use the token of a user who has it.`
      : `No role may call ${spec.name} with this token; ask an Admin which access you need.`;
  }
  if (status === 404) return notFoundTip(message, spec);
  if (status === 409) return conflictTip(message, spec);
  if (status === 413) return 'The request is too large: send fewer items per call (bulk tools take at most 5000) or shorter texts.';
  if (status === 423) {
    return 'The run is locked: its results, name and tests can no longer change. Create a new run with create-run (or import-junit without runId) to record further results, or ask an Admin to reopen it with run-unlock.';
  }
  if (status === 429) return `The server is limiting requests (tried ${ctx.attempts} times). Wait a minute, then call ${spec.name} again.`;
  if (status >= 500) {
    return `The server failed (HTTP ${status}${ctx.attempts > 1 ? `, ${ctx.attempts} attempts` : ''}); this is not caused by your parameters. Retry later; if it persists, tell the Casebook administrator.`;
  }
  return `Check the call against the description of ${spec.name} and try again.`;
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

function notFoundTip(message: string, spec: ToolSpec): string {
  if (message === 'Route not found') {
    return `This Casebook server has no ${spec.method} /api/v1${spec.path}: it is older than this tool server; update it.`;
  }
  const resource = message
    .replace(/ not found$/i, '')
    .trim()
    .toLowerCase();
  const fallback = Object.keys(spec.input)
    .map((p) => idParamResource[p])
    .find(Boolean);
  const kind = listingTool[resource] ? resource : fallback;
  if (!kind) return 'Check the ids you passed: the record does not exist or belongs to an organization you are not a member of.';
  return `No ${kind} with that id is visible to you (it does not exist or belongs to another organization). Call ${listingTool[kind]} to find a valid id.`;
}

function conflictTip(message: string, spec: ToolSpec): string {
  if (/inactive/i.test(message)) {
    return 'The project is inactive and refuses changes: reactivate it with update-project-status (isActive: true), or work in an active project.';
  }
  if (/exist/i.test(message)) {
    const kind = Object.keys(listingTool).find((k) => message.toLowerCase().startsWith(k));
    const list = kind ? listingTool[kind] : 'the matching get- tool';
    return `That name is taken where ${spec.name} would put it: choose another name, or use the existing record (${list} lists them).`;
  }
  return 'The call conflicts with the current state of the data: read the current state with a get- tool, then adjust the call.';
}

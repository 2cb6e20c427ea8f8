import { z } from 'zod';
import { loadRbac } from '../../src/auth/rbac';
import { apiRoutes } from '../../src/domain/routes';
import { fullDescription, inputSchema, leastRole, requiredParams, showsExample, tools } from '../../src/mcp/tools';
import { toolsMarkdownTable } from '../../src/mcp/tools-table';
import { TOOLSETS } from '../../src/mcp/toolsets';
import { createWorld } from '../support/factories';
import { connectMcp, startRealApp, type McpSession, type RunningApp } from './support';

// Transcribed from the "Tool operations" tables of service-description.md: every
// tool and the parameters marked `*` there. Not derived from src/mcp/tools.ts, so
// the table can't drift from the contract unnoticed.
const expectedRequired: Record<string, string[]> = {
  'get-orgs-list': [],
  'get-org-details': ['orgId'],
  'get-projects': ['orgId'],
  'get-project-detail': ['projectId'],
  'create-project': ['orgId', 'projectName'],
  'edit-project': ['projectId'],
  'update-project-status': ['projectId', 'isActive'],
  'get-tests': ['projectId'],
  'get-test-details': ['testId', 'projectId'],
  'get-test-stability': ['projectId'],
  'get-run-comparison': ['projectId'],
  'get-project-dashboard': ['projectId'],
  'get-project-activity': ['projectId', 'since'],
  'get-test-executions': ['projectId', 'testId'],
  'get-run-test': ['runId', 'projectId', 'testId'],
  'get-tests-count': ['projectId'],
  'get-test-status-history': ['testId', 'projectId'],
  'get-test-status-history-in-run': ['testId', 'runId'],
  'get-test-versions': ['testId', 'projectId'],
  'download-tests': ['projectId'],
  'get-attachments': ['projectId', 'testId'],
  'get-attachment': ['projectId', 'attachmentId'],
  'add-attachment': ['projectId', 'testId', 'fileName'],
  'create-test': ['projectId', 'testName'],
  'update-test': ['testId'],
  'delete-test': ['testId', 'projectId'],
  'bulk-add-tests': ['projectId', 'tests'],
  'bulk-update-tests': ['tests'],
  'bulk-delete-tests': ['projectId', 'testIds'],
  'get-runs': ['projectId'],
  'run-detail': ['runId', 'projectId'],
  'get-run-tests-list': ['runId', 'projectId'],
  'get-run-test-status': ['runId', 'projectId'],
  'get-run-state-detail': ['runId', 'projectId'],
  'get-defects': ['projectId'],
  'get-milestones': ['projectId'],
  'get-milestone-progress': ['projectId', 'milestoneId'],
  'get-configurations': ['projectId'],
  'get-plans': ['projectId'],
  'get-plan': ['projectId', 'planId'],
  'create-plan': ['projectId', 'name', 'entries'],
  'download-report': ['runId', 'projectId'],
  'create-run': ['projectId', 'runName'],
  'edit-run': ['runId', 'projectId'],
  'delete-run': ['runId', 'projectId'],
  'run-update-test-status': ['runId', 'projectId', 'testResults'],
  'run-lock': ['runId', 'projectId'],
  'run-reset': ['runId', 'projectId'],
  'run-remove-tests': ['runId', 'projectId', 'testIds'],
  'run-add-tests': ['runId', 'projectId', 'testIds'],
  'run-unlock': ['runId', 'projectId'],
  'assign-tests': ['runId', 'projectId'],
  'get-my-work': [],
  'get-project-members': ['projectId'],
  // The tools of issue 29 that merge others: a run with its state, a run's tests of any status, a project's lists.
  'get-run': ['runId', 'projectId'],
  'get-run-tests': ['runId', 'projectId'],
  'get-project-context': ['projectId'],
  // A tool the service description predates.
  'import-junit': ['projectId'],
  'import-tests-csv': ['projectId'],
  'get-labels': ['projectId'],
  'get-sections': ['projectId'],
  'get-squads': ['projectId'],
  'get-priority': ['projectId'],
  'get-platforms': ['projectId'],
  'get-automation-status': ['projectId'],
  'get-type': ['projectId'],
  'get-test-covered-by': ['projectId'],
  'add-labels': ['projectId', 'labels'],
  'add-squads': ['projectId', 'squads'],
  'add-section': ['projectId', 'sectionName'],
  'edit-section': ['sectionId', 'sectionName'],
  'get-user-details': ['userId'],
  'get-all-users': [],
  // Tools for what the API gained since.
  'delete-section': ['sectionId'],
  'edit-label': ['labelId', 'labelName'],
  'delete-label': ['labelId'],
  'edit-squad': ['squadId', 'squadName'],
  'delete-squad': ['squadId'],
  'add-lookup': ['projectId', 'kind', 'name'],
  'edit-lookup': ['lookupId', 'name'],
  'delete-lookup': ['lookupId'],
  'get-custom-fields': ['projectId'],
  'add-custom-field': ['projectId', 'name', 'fieldType', 'appliesTo'],
  'edit-custom-field': ['projectId', 'fieldId'],
  'delete-custom-field': ['projectId', 'fieldId'],
  'update-user-role': ['userId', 'role'],
  'get-audit': ['orgId'],
  'get-invitations': ['orgId'],
  'revoke-invitation': ['invitationId'],
  'create-org': ['orgName'],
  'get-shared-steps': ['projectId'],
  'add-shared-steps': ['projectId', 'name', 'steps'],
  'edit-shared-steps': ['sharedStepsId'],
  'delete-shared-steps': ['sharedStepsId'],
  // The webhooks tool set, offered only when named.
  'get-webhooks': ['orgId'],
  'create-webhook': ['orgId', 'url', 'events'],
  'edit-webhook': ['webhookId'],
  'rotate-webhook-secret': ['webhookId'],
  'delete-webhook': ['webhookId'],
  'test-webhook': ['webhookId'],
  'get-webhook-deliveries': ['webhookId'],
  'redeliver-webhook': ['deliveryId'],
};

// Every parameter the tables name, optional ones included (the tools may add more).
const expectedParams: Record<string, string[]> = {
  'create-project': ['projectDescription'],
  'edit-project': ['projectName', 'projectDescription'],
  'get-tests': ['sectionId', 'priorityId', 'limit', 'offset'],
  'get-tests-count': ['sectionId', 'priorityId', 'automationStatusId'],
  'download-tests': ['format'],
  'get-test-stability': ['window', 'flakyOnly', 'neverRun', 'staleDays', 'minFlips', 'sort', 'sectionId', 'labelId', 'limit', 'offset'],
  'create-test': [
    'testDescription',
    'sectionId',
    'priorityId',
    'typeId',
    'automationStatusId',
    'platformId',
    'testCoveredById',
    'squadId',
    'labels',
  ],
  'update-test': [
    'testName',
    'testDescription',
    'sectionId',
    'priorityId',
    'typeId',
    'automationStatusId',
    'platformId',
    'testCoveredById',
    'squadId',
    'labels',
  ],
  'get-runs': ['limit', 'offset'],
  'get-run-test-status': ['status', 'limit', 'offset'],
  'get-run-tests': ['status', 'sectionId', 'search', 'defect', 'assigneeId', 'limit', 'offset', 'cursor'],
  'download-report': ['format'],
  'create-run': ['runDescription'],
  'edit-run': ['runName', 'runDescription'],
  'add-section': ['parentSectionId'],
  'get-all-users': ['orgId', 'limit', 'offset'],
  'import-junit': ['xml', 'xmlGzipBase64', 'runId', 'runName', 'createMissing', 'dryRun', 'statusMap'],
  'import-tests-csv': ['csv', 'csvGzipBase64', 'dryRun', 'mapping'],
};

interface JsonSchema {
  type?: string;
  enum?: string[];
  default?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}

let app: RunningApp;
let mcp: McpSession;
let listed: { name: string; description?: string; inputSchema: JsonSchema }[];

beforeAll(async () => {
  app = await startRealApp();
  const world = await createWorld(app.db);
  // Every set, the opt-in ones too: every tool of the table is listed.
  mcp = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: world.reader.token }, ['--toolsets', TOOLSETS.join(',')]);
  listed = (await mcp.client.listTools()).tools;
});
afterAll(async () => {
  await mcp?.close();
  await app?.close();
});

const byName = (name: string) => {
  const found = listed.find((t) => t.name === name);
  if (!found) throw new Error(`tool ${name} is not listed`);
  return found;
};

it('lists exactly the tools of the service description', () => {
  expect(listed.map((t) => t.name).sort()).toEqual(Object.keys(expectedRequired).sort());
});

it.each(Object.entries(expectedRequired))('%s requires exactly %j', (name, required) => {
  expect([...(byName(name).inputSchema.required ?? [])].sort()).toEqual([...required].sort());
});

it.each(Object.entries(expectedParams))('%s also takes %j', (name, params) => {
  expect(Object.keys(byName(name).inputSchema.properties ?? {})).toEqual(expect.arrayContaining(params));
});

it('types ids as integers, flags as booleans, names as strings', () => {
  const props = (name: string) => byName(name).inputSchema.properties!;
  expect(props('get-test-details').testId.type).toBe('integer');
  expect(props('update-project-status').isActive.type).toBe('boolean');
  expect(props('import-junit').dryRun.type).toBe('boolean');
  expect(props('import-junit').xml.type).toBe('string');
  expect(props('import-tests-csv').dryRun.type).toBe('boolean');
  expect(props('import-tests-csv').mapping.type).toBe('string');
  expect(props('create-test').testName.type).toBe('string');
  expect(props('create-project').projectName.type).toBe('string');
});

it('declares format and status as enums, json by default', () => {
  const report = byName('download-report').inputSchema.properties!.format;
  expect(report).toMatchObject({ type: 'string', enum: ['json', 'pdf', 'html'], default: 'json' });
  const tests = byName('download-tests').inputSchema.properties!.format;
  expect(tests).toMatchObject({ type: 'string', enum: ['json', 'csv'], default: 'json' });
  const statuses = ['passed', 'failed', 'blocked', 'retest', 'untested'];
  expect(byName('get-run-test-status').inputSchema.properties!.status.enum).toEqual(statuses);
  const result = byName('run-update-test-status').inputSchema.properties!.testResults.items!;
  expect(result.properties!.status.enum).toEqual(statuses);
  // status may be left out when stepResults are given (the result follows its steps).
  expect([...result.required!].sort()).toEqual(['testId']);
});

it('types every array with its items', () => {
  const arrays: [string, string, string][] = [
    // Label ids or their names (src/mcp/id-names.ts).
    ['create-test', 'labels', 'integer|string'],
    ['create-run', 'sectionIds', 'integer|string'],
    ['bulk-delete-tests', 'testIds', 'integer'],
    ['create-run', 'testIds', 'integer'],
    ['run-remove-tests', 'testIds', 'integer'],
    ['run-add-tests', 'testIds', 'integer'],
    ['add-labels', 'labels', 'string'],
    ['add-squads', 'squads', 'string'],
    ['bulk-add-tests', 'tests', 'object'],
    ['bulk-update-tests', 'tests', 'object'],
    ['run-update-test-status', 'testResults', 'object'],
  ];
  for (const [name, param, itemType] of arrays) {
    const schema = byName(name).inputSchema.properties![param];
    // A choice of plain types is listed as one type list (src/mcp/tool-schemas.ts).
    const listed = schema.items?.type ?? schema.items?.anyOf?.map((option) => option.type);
    const items = Array.isArray(listed) ? listed.join('|') : listed;
    expect({ name, param, type: schema.type, items }).toEqual({ name, param, type: 'array', items: itemType });
  }
  expect(byName('bulk-add-tests').inputSchema.properties!.tests.items!.required).toEqual(['testName']);
  expect(byName('bulk-update-tests').inputSchema.properties!.tests.items!.required).toEqual(['testId']);
});

it('describes every tool with what it does, and a working example where its call holds an array or an object', async () => {
  const rbac = await loadRbac();
  for (const spec of tools) {
    const description = byName(spec.name).description ?? '';
    expect(description).toBe(fullDescription(spec, leastRole(rbac, spec.rbac.resource, spec.rbac.action)));
    expect(description.length).toBeGreaterThan(60);
    const shaped = Object.values(spec.example).some((v) => v !== null && typeof v === 'object');
    expect({ tool: spec.name, example: description.includes(`\n\nExample: ${JSON.stringify(spec.example)}`) }).toEqual({
      tool: spec.name,
      example: shaped,
    });
    const parsed = inputSchema(spec).safeParse(spec.example);
    expect({ tool: spec.name, ok: parsed.success }).toEqual({ tool: spec.name, ok: true });
  }
  expect(tools.filter(showsExample).map((t) => t.name)).toEqual(
    expect.arrayContaining(['bulk-add-tests', 'bulk-update-tests', 'run-update-test-status', 'create-run']),
  );
});

it('offers limit and offset on every tool whose REST list is paged by them, or that pages a whole REST list itself', () => {
  for (const spec of tools.filter((t) => t.paged === 'limit-offset' || t.paged === 'local' || t.paged === 'headers')) {
    expect(Object.keys(byName(spec.name).inputSchema.properties!)).toEqual(expect.arrayContaining(['limit', 'offset']));
  }
  // The lists REST pages as bare arrays (total and next cursor in headers) offer the cursor too.
  for (const spec of tools.filter((t) => t.paged === 'headers')) {
    expect(Object.keys(byName(spec.name).inputSchema.properties!)).toEqual(expect.arrayContaining(['limit', 'offset', 'cursor']));
  }
  // So does every tool whose route takes a cursor: its answer names the next one (nextCursor).
  const takesCursor = (t: (typeof tools)[number]) => t.route.query instanceof z.ZodObject && 'cursor' in t.route.query.shape;
  expect(tools.filter(takesCursor).length).toBeGreaterThan(7);
  for (const spec of tools.filter(takesCursor)) {
    expect({ tool: spec.name, params: Object.keys(byName(spec.name).inputSchema.properties!) }).toEqual({
      tool: spec.name,
      params: expect.arrayContaining(['cursor']),
    });
  }
  const paged = (kind: string) =>
    tools
      .filter((t) => t.paged === kind)
      .map((t) => t.name)
      .sort();
  expect(paged('limit-offset')).toEqual([
    'get-all-users',
    'get-audit',
    'get-defects',
    'get-invitations',
    'get-milestones',
    'get-my-work',
    'get-plans',
    'get-run-test-status',
    'get-run-tests',
    'get-run-tests-list',
    'get-runs',
    'get-test-executions',
    'get-test-stability',
    'get-test-versions',
    'get-tests',
    'get-webhook-deliveries',
  ]);
  expect(paged('page')).toEqual(['get-projects']);
  expect(paged('headers')).toEqual(['get-attachments', 'get-test-status-history', 'get-test-status-history-in-run']);
  // Every other GET answering a list: REST gives it whole, the tool a page of it.
  expect(paged('local')).toEqual([
    'get-automation-status',
    'get-custom-fields',
    'get-labels',
    'get-orgs-list',
    'get-platforms',
    'get-priority',
    'get-project-members',
    'get-sections',
    'get-shared-steps',
    'get-squads',
    'get-test-covered-by',
    'get-type',
  ]);
});

// The table's REST side, against the routes the app registers: the method and path
// exist, and the RBAC pair the 403 tip is derived from is the route's own.
it.each(tools.map((t) => [t.name, t] as const))('%s calls a registered route with its RBAC pair', (_name, spec) => {
  const route = apiRoutes.find((r) => r.path === spec.path && r.method === spec.method.toLowerCase());
  expect(route && { method: route.method.toUpperCase(), path: route.path }).toEqual({ method: spec.method, path: spec.path });
  expect({ resource: route!.resource, action: route!.action }).toEqual(spec.rbac);
});

it('checks required parameters with the same schema it lists', () => {
  for (const spec of tools) {
    const required = expectedRequired[spec.name];
    const result = z.safeParse(inputSchema(spec), {});
    expect({ tool: spec.name, accepted: result.success }).toEqual({ tool: spec.name, accepted: required.length === 0 });
  }
});

it('says in the description which role a tool needs, as the RBAC policy does', async () => {
  const rbac = await loadRbac();
  for (const spec of tools) {
    const least = (['Reader', 'User', 'Admin'] as const).find((r) => rbac.can(r, spec.rbac.resource, spec.rbac.action));
    // The listed description, where the sentence ends the text, just before the example.
    const listedText = byName(spec.name).description ?? '';
    const says = /\. Needs the (\w+) role\.(\n\nExample: |$)/.exec(listedText)?.[1] ?? 'Reader';
    expect({ tool: spec.name, role: says, sentences: listedText.split('Needs the').length - 1 }).toEqual({
      tool: spec.name,
      role: least,
      sentences: least === 'Reader' ? 0 : 1,
    });
    // Generated from the policy, never written in the row (where it could disagree).
    expect({ tool: spec.name, handWritten: /\brole\b\.?$|Needs the/.test(spec.description) }).toEqual({
      tool: spec.name,
      handWritten: false,
    });
  }
});

it('generates the README table with a row per tool and its required parameters starred', () => {
  const table = toolsMarkdownTable(() => 'Reader').split('\n');
  expect(table).toHaveLength(tools.length + 2);
  for (const spec of tools) {
    const row = table.find((line) => line.startsWith(`| \`${spec.name}\` |`));
    expect(row).toBeDefined();
    for (const name of requiredParams(spec)) expect(row).toContain(`${name}\\*`);
    expect(row).toContain(`${spec.method} /api/v1${spec.path}`);
  }
});

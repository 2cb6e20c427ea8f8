import { createProject, createWorld, type World } from '../support/factories';
import { ALL_TOOLS, connectMcp, errorOf, restAs, startRealApp, textOf, type McpSession, type RunningApp } from './support';

// Failed calls: `❌ Error: <the REST error text, whole>` + blank line + `💡 Tip: <next step>`, isError.

let app: RunningApp;
let w: World;
let admin: McpSession;
let reader: McpSession;
let rest: ReturnType<typeof restAs>;

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  [admin, reader] = await Promise.all([
    connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.admin.token }, ALL_TOOLS),
    connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.reader.token }, ALL_TOOLS),
  ]);
  rest = restAs(app.url, w.admin.token);
});
afterAll(async () => {
  await Promise.all([admin?.close(), reader?.close()]);
  await app?.close();
});

/** The error text REST itself gives for the same operation. */
async function restError(token: string, method: string, path: string, input: Record<string, unknown>): Promise<string> {
  const res = await restAs(app.url, token).raw(method, path, input);
  expect(res.status).toBeGreaterThanOrEqual(400);
  return (JSON.parse(res.body.toString()) as { error: string }).error;
}

const testCount = async (projectId: number) => (await rest.data<{ count: number }>('/project/tests-count', { projectId })).count;

describe('input the tool schema refuses (no request is made)', () => {
  it('names a missing required parameter and shows a valid call', async () => {
    const before = await testCount(w.projectA.projectId);
    const { message, tip } = errorOf(await admin.call('create-test', { projectId: w.projectA.projectId }));
    expect(message).toBe('Invalid request: testName: Required');
    expect(tip).toContain('required parameters projectId, testName');
    expect(tip).toContain('Example: {"projectId":3,"testName":');
    expect(await testCount(w.projectA.projectId)).toBe(before);
  });

  it('names a wrongly typed, a misspelt and a bad enum parameter', async () => {
    const typed = errorOf(await admin.call('get-test-details', { testId: '7', projectId: w.projectA.projectId }));
    expect(typed.message).toBe('Invalid request: testId: Expected number, received string');
    const unknown = errorOf(await admin.call('create-test', { projectId: w.projectA.projectId, title: 'x' }));
    expect(unknown.message).toContain('testName: Required');
    expect(unknown.message).toContain('Unknown field(s): title');
    const format = errorOf(await admin.call('download-report', { runId: 1, projectId: 1, format: 'docx' }));
    expect(format.message).toMatch(/^Invalid request: format: /);
    expect(format.tip).toContain('download-report');
  });

  it('refuses an unknown tool in the same envelope', async () => {
    const { message, tip } = errorOf(await admin.call('get-everything', {}));
    expect(message).toBe('Unknown tool: get-everything');
    expect(tip).toContain('tools/list');
  });
});

describe('errors of the REST interface', () => {
  it('400: keeps the REST text but names the field by its tool name', async () => {
    const input = { projectId: w.projectA.projectId, testName: '   ' };
    const { message, tip } = errorOf(await admin.call('create-test', input));
    expect(await restError(w.admin.token, 'POST', '/test/create', { projectId: w.projectA.projectId, title: '   ' })).toBe(
      'Invalid request: title: Must not be empty',
    );
    expect(message).toBe('Invalid request: testName: Must not be empty');
    expect(tip).toMatch(/^Fix testName as the error says, then call create-test again/);
  });

  it('400: renames the fields of array items too, and writes nothing', async () => {
    const before = await testCount(w.projectA.projectId);
    const tests = [{ testName: 'Fine' }, { testName: '' }, { testName: 'x'.repeat(501), sectionId: 1 }];
    const { message, tip } = errorOf(await admin.call('bulk-add-tests', { projectId: w.projectA.projectId, tests }));
    const rest = await restError(w.admin.token, 'POST', '/test/bulk-add', {
      projectId: w.projectA.projectId,
      tests: tests.map(({ testName, ...rest }) => ({ title: testName, ...rest })),
    });
    expect(rest).toBe('Invalid request: tests.1.title: Must not be empty; tests.2.title: At most 500 characters');
    expect(message).toBe('Invalid request: tests.1.testName: Must not be empty; tests.2.testName: At most 500 characters');
    expect(tip).toMatch(/^Fix tests\.1\.testName, tests\.2\.testName as the error says/);
    expect(await testCount(w.projectA.projectId)).toBe(before);
  });

  it("404: an id of another organization's project, with the listing tool to find valid ids", async () => {
    const { message, tip } = errorOf(await admin.call('get-project-detail', { projectId: w.projectB.projectId }));
    expect(message).toBe(await restError(w.admin.token, 'GET', '/project/detail', { projectId: w.projectB.projectId }));
    expect(message).toBe('Project not found');
    expect(tip).toContain('Call get-projects');
    const test = errorOf(await admin.call('get-test-details', { testId: 999999, projectId: w.projectA.projectId }));
    expect(test.message).toBe('Test not found');
    expect(test.tip).toContain('Call get-tests');
  });

  it('403: a Reader token, with the role the tool needs', async () => {
    const input = { projectId: w.projectA.projectId, testName: 'Reader was here' };
    const { message, tip } = errorOf(await reader.call('create-test', input));
    expect(message).toBe(await restError(w.reader.token, 'POST', '/test/create', { projectId: w.projectA.projectId, title: 'x' }));
    expect(message).toBe('Forbidden - User does not have access');
    expect(tip).toContain('create-test needs the User role or higher');
    const remove = errorOf(await reader.call('delete-test', { testId: 1, projectId: w.projectA.projectId }));
    expect(remove.message).toBe('Forbidden - User does not have access');
    expect(remove.tip).toContain('delete-test needs the Admin role,');
    const users = errorOf(await reader.call('get-all-users', {}));
    expect(users.tip).toContain('get-all-users needs the Admin role');
  });

  it('423: results for a locked run, saying it is locked', async () => {
    const created = await rest.raw('POST', '/test/create', { projectId: w.projectA.projectId, title: 'Locked away' });
    const testId = (JSON.parse(created.body.toString()) as { data: { testId: number } }).data.testId;
    const run = await rest.raw('POST', '/run/create', { projectId: w.projectA.projectId, runName: 'Done', testIds: [testId] });
    const runId = (JSON.parse(run.body.toString()) as { data: { runId: number } }).data.runId;
    const inRun = { runId, projectId: w.projectA.projectId };
    expect(textOf(await admin.call('run-lock', inRun))).toContain('"locked":true');

    const results = { ...inRun, testResults: [{ testId, status: 'passed' }] };
    const { message, tip } = errorOf(await admin.call('run-update-test-status', results));
    expect(message).toBe(await restError(w.admin.token, 'PUT', '/run/update-test-status', results));
    expect(message).toBe('Run is locked');
    expect(tip).toContain('The run is locked');
    expect(tip).toContain('create-run');
    expect(errorOf(await admin.call('run-reset', inRun)).message).toBe('Run is locked');
  });

  it('409: an inactive project, and a name that is taken', async () => {
    const inactive = await createProject(app.db, w.orgA.orgId, { isActive: false });
    const { message, tip } = errorOf(await admin.call('create-test', { projectId: inactive.projectId, testName: 'Too late' }));
    expect(message).toBe('Project is inactive');
    expect(tip).toContain('update-project-status (isActive: true)');
    const taken = errorOf(await admin.call('create-project', { orgId: w.orgA.orgId, projectName: w.projectA.projectName }));
    expect(taken.message).toBe(
      await restError(w.admin.token, 'POST', '/project/create', { orgId: w.orgA.orgId, projectName: w.projectA.projectName }),
    );
    expect(taken.tip).toContain('choose another name');
    expect(taken.tip).toContain('get-projects');
  });

  it('401: a token the server does not know, pointing at CASEBOOK_TOKEN', async () => {
    const stranger = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: 'cb_not-a-real-token-0000000000000000000000' }, ALL_TOOLS);
    try {
      const { message, tip } = errorOf(await stranger.call('get-orgs-list'));
      expect(message).toBe('Unauthorized - Please login');
      expect(tip).toContain('CASEBOOK_TOKEN');
    } finally {
      await stranger.close();
    }
  });
});

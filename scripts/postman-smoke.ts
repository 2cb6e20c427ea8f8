// The CI smoke sequence of the Postman collection: a newcomer's first session,
// from an empty server with its bootstrap token to a downloaded run report.
// Each step is a documented operation; its scripts run inside Postman/newman.

export interface SmokeStep {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path as in the collection, e.g. `/api/v1/run/create`. */
  path: string;
  query?: Record<string, string>;
  /** Raw JSON with {{variables}}. */
  body?: string;
  noAuth?: boolean;
  prerequest?: string;
  test: string;
}

const envelope = (status: number) => `
pm.test('answers ${status} with the envelope', () => {
  pm.response.to.have.status(${status});
  pm.expect(pm.response.json().status).to.eql(${status});
});
// "data" is taken in the Postman sandbox (iteration data).
const payload = pm.response.json().data;`;

const run = { runId: '{{runId}}', projectId: '{{projectId}}' };

export const smokeSteps: SmokeStep[] = [
  {
    name: 'The service is alive',
    method: 'GET',
    path: '/healthz',
    noAuth: true,
    test: `
pm.test('answers 200 with ok: true', () => {
  pm.response.to.have.status(200);
  pm.expect(pm.response.json()).to.eql({ data: { ok: true }, status: 200 });
});`,
  },
  {
    name: 'The API refuses a request without a token',
    method: 'GET',
    path: '/api/v1/orgs',
    noAuth: true,
    test: `
pm.test('answers 401 with the exact message', () => {
  pm.response.to.have.status(401);
  pm.expect(pm.response.json()).to.eql({ error: 'Unauthorized - Please login', status: 401, code: 'unauthorized' });
});`,
  },
  {
    name: 'List my organizations',
    method: 'GET',
    path: '/api/v1/orgs',
    test: `${envelope(200)}
pm.test('lists at least one organization', () => {
  pm.expect(payload).to.be.an('array').that.is.not.empty;
  pm.expect(payload[0].orgId).to.be.a('number');
  pm.expect(payload[0].orgName).to.be.a('string');
});
pm.collectionVariables.set('orgId', payload[0].orgId);`,
  },
  {
    name: 'Create a project',
    method: 'POST',
    path: '/api/v1/project/create',
    prerequest: `pm.collectionVariables.set('projectName', 'CI smoke ' + Date.now());`,
    body: '{\n  "orgId": {{orgId}},\n  "projectName": "{{projectName}}",\n  "projectDescription": "Made by the newman CI run"\n}',
    test: `${envelope(201)}
pm.test('creates the active project in my organization', () => {
  pm.expect(payload.projectName).to.eql(pm.collectionVariables.get('projectName'));
  pm.expect(payload.orgId).to.eql(Number(pm.collectionVariables.get('orgId')));
  pm.expect(payload.isActive).to.eql(true);
});
pm.collectionVariables.set('projectId', payload.projectId);`,
  },
  {
    name: 'Add three tests',
    method: 'POST',
    path: '/api/v1/test/bulk-add',
    body: '{\n  "projectId": {{projectId}},\n  "tests": [\n    { "title": "Sign in with a valid password" },\n    { "title": "Sign in with a wrong password" },\n    { "title": "Reset a forgotten password" }\n  ]\n}',
    test: `${envelope(201)}
pm.test('creates three tests', () => {
  pm.expect(payload.count).to.eql(3);
  pm.expect(payload.testIds).to.have.lengthOf(3);
});
pm.collectionVariables.set('testIds', JSON.stringify(payload.testIds));
payload.testIds.forEach((id, i) => pm.collectionVariables.set('testId' + (i + 1), id));`,
  },
  {
    name: 'List the tests of the project',
    method: 'GET',
    path: '/api/v1/project/tests',
    query: { projectId: '{{projectId}}' },
    test: `${envelope(200)}
pm.test('lists the three tests by title', () => {
  pm.expect(payload.total).to.eql(3);
  pm.expect(payload.tests.map((t) => t.title).sort()).to.eql(['Reset a forgotten password', 'Sign in with a valid password', 'Sign in with a wrong password']);
});`,
  },
  {
    name: 'Create a run of the tests',
    method: 'POST',
    path: '/api/v1/run/create',
    body: '{\n  "projectId": {{projectId}},\n  "runName": "CI smoke run",\n  "testIds": {{testIds}}\n}',
    test: `${envelope(201)}
pm.test('starts every test untested', () => {
  pm.expect(payload.runName).to.eql('CI smoke run');
  pm.expect(payload.locked).to.eql(false);
  pm.expect(payload.statusCounts).to.include({ total: 3, untested: 3 });
});
pm.collectionVariables.set('runId', payload.runId);`,
  },
  {
    name: 'Post the results',
    method: 'PUT',
    path: '/api/v1/run/update-test-status',
    body: '{\n  "runId": {{runId}},\n  "projectId": {{projectId}},\n  "testResults": [\n    { "testId": {{testId1}}, "status": "passed" },\n    { "testId": {{testId2}}, "status": "failed", "comment": "No error message shown" },\n    { "testId": {{testId3}}, "status": "blocked", "comment": "Mail server down" }\n  ]\n}',
    test: `${envelope(200)}
pm.test('updates three results', () => pm.expect(payload).to.eql({ updated: 3 }));`,
  },
  {
    name: 'Read the state of the run',
    method: 'GET',
    path: '/api/v1/run/state-detail',
    query: run,
    test: `${envelope(200)}
pm.test('counts one passed, one failed, one blocked', () => {
  pm.expect(payload).to.eql({ runId: Number(pm.collectionVariables.get('runId')), locked: false, total: 3, passed: 1, failed: 1, blocked: 1, retest: 0, untested: 0 });
});`,
  },
  {
    name: 'Download the JSON report',
    method: 'GET',
    path: '/api/v1/run/report',
    query: { ...run, format: 'json' },
    test: `
pm.test('answers 200 with a JSON attachment', () => {
  pm.response.to.have.status(200);
  pm.expect(pm.response.headers.get('Content-Type')).to.match(/^application\\/json/);
  pm.expect(pm.response.headers.get('Content-Disposition')).to.match(/^attachment; filename=".+\\.json"$/);
});
pm.test('summarizes the results of the run', () => {
  const report = pm.response.json();
  pm.expect(report.run.runId).to.eql(Number(pm.collectionVariables.get('runId')));
  pm.expect(report.project.projectName).to.eql(pm.collectionVariables.get('projectName'));
  pm.expect(report.summary).to.include({ total: 3, passed: 1, failed: 1, blocked: 1, retest: 0, untested: 0 });
  pm.expect(report.tests.map((t) => t.status).sort()).to.eql(['blocked', 'failed', 'passed']);
});`,
  },
  {
    name: 'Download the HTML report',
    method: 'GET',
    path: '/api/v1/run/report',
    query: { ...run, format: 'html' },
    test: `
pm.test('answers 200 with an HTML attachment', () => {
  pm.response.to.have.status(200);
  pm.expect(pm.response.headers.get('Content-Type')).to.match(/^text\\/html/);
  pm.expect(pm.response.headers.get('Content-Disposition')).to.match(/^attachment; filename=".+\\.html"$/);
});
pm.test('shows the run and its tests', () => {
  const html = pm.response.text();
  pm.expect(html).to.include('CI smoke run');
  pm.expect(html).to.include('Reset a forgotten password');
});`,
  },
  {
    name: 'Download the PDF report',
    method: 'GET',
    path: '/api/v1/run/report',
    query: { ...run, format: 'pdf' },
    test: `
pm.test('answers 200 with a PDF attachment', () => {
  pm.response.to.have.status(200);
  pm.expect(pm.response.headers.get('Content-Type')).to.eql('application/pdf');
  pm.expect(pm.response.headers.get('Content-Disposition')).to.match(/^attachment; filename=".+\\.pdf"$/);
});
pm.test('is a PDF file', () => pm.expect(pm.response.text().slice(0, 5)).to.eql('%PDF-'));`,
  },
  {
    name: 'Lock the run',
    method: 'PUT',
    path: '/api/v1/run/lock',
    body: '{\n  "runId": {{runId}},\n  "projectId": {{projectId}}\n}',
    test: `${envelope(200)}
pm.test('locks it, recording who and when', () => {
  pm.expect(payload.locked).to.eql(true);
  pm.expect(payload.lockedBy).to.be.a('number');
  pm.expect(payload.lockedAt).to.be.a('string');
});`,
  },
  {
    name: 'A locked run refuses results',
    method: 'PUT',
    path: '/api/v1/run/update-test-status',
    body: '{\n  "runId": {{runId}},\n  "projectId": {{projectId}},\n  "testResults": [{ "testId": {{testId1}}, "status": "failed" }]\n}',
    test: `
pm.test('answers 423 Run is locked', () => {
  pm.response.to.have.status(423);
  pm.expect(pm.response.json()).to.eql({ error: 'Run is locked', status: 423, code: 'run_locked' });
});`,
  },
];

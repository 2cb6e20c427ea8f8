import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServe, type ServeProcess } from '../support/cli';

// GET /run/events on the embedded database (PGlite, `npm start`): its own listen API carries
// the notifications the writes send, and stopping the server ends an open stream (SIGTERM
// exits cleanly instead of waiting for the browser to leave).

let dataDir: string;
let serve: ServeProcess | undefined;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-events-'));
});
afterAll(async () => {
  await serve?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('streams a mark on the embedded database, and ends the stream when the server stops', async () => {
  serve = await startServe({ CASEBOOK_DATA_DIR: dataDir, EVENT_HEARTBEAT_MS: '500' }, 60_000);
  const { url, token } = serve;
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/api/v1${route}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { data: T };
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const [org] = await call<{ orgId: number }[]>('GET', '/orgs');
  const project = await call<{ projectId: number }>('POST', '/project/create', { orgId: org.orgId, projectName: 'Live' });
  const test = await call<{ testId: number }>('POST', '/test/create', { projectId: project.projectId, title: 'Pay by card' });
  const run = await call<{ runId: number }>('POST', '/run/create', {
    projectId: project.projectId,
    runName: 'Live run',
    testIds: [test.testId],
  });
  const q = { runId: run.runId, projectId: project.projectId };

  const stream = await fetch(`${url}/api/v1/run/events?runId=${q.runId}&projectId=${q.projectId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(stream.status).toBe(200);
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const until = async (pattern: RegExp) => {
    while (!pattern.test(text)) {
      const { value, done } = await reader.read();
      if (done) return false;
      text += value;
    }
    return true;
  };
  await until(/: live\n/);
  await call('PUT', '/run/update-test-status', { ...q, testResults: [{ testId: test.testId, status: 'failed', comment: 'Declined' }] });
  expect(await until(/^data: .*\n\n/m)).toBe(true);
  const event = JSON.parse(/^data: (.*)$/m.exec(text)![1]);
  expect(event).toMatchObject({
    runId: q.runId,
    kind: 'results',
    tests: [{ testId: test.testId, status: 'failed', comment: 'Declined', elapsedMs: null }],
  });

  const exited = serve.stop();
  // The stream ends with the server (it does not hold the shutdown), which exits cleanly.
  expect(await until(/will never match/)).toBe(false);
  expect(await exited).toBe(0);
  serve = undefined;
}, 120_000);

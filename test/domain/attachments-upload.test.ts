import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';
import { blobBackends } from '../support/blob-backends';
import { attachmentApp, attachmentState, PNG, upload } from '../support/attachments';

// POST /attachment/upload: who may, where files go (a test case, a result in a run), and what a
// refused upload leaves behind (nothing).

describe.each(blobBackends)('POST /attachment/upload on $name', (backend) => {
  let t: Awaited<ReturnType<typeof attachmentApp>>;
  let w: World;
  let testId: number;
  let p: number;

  beforeAll(async () => {
    t = await attachmentApp(backend);
    w = await createWorld(t.db);
    p = w.projectA.projectId;
    [testId] = await createTests(t.db, p, 1);
  });
  afterAll(() => t.stop());

  it('stores files of a test case and answers them, newest last as sent', async () => {
    const res = await upload(t, w.user.token, { projectId: p, testId }, [
      { name: 'shot.png', content: PNG, type: 'image/png' },
      { name: 'log.txt', content: 'line 1\nline 2\n', type: 'text/plain' },
    ]).expect(201);
    const [png, log] = res.body.data;
    expect(png).toMatchObject({
      fileName: 'shot.png',
      contentType: 'image/png',
      size: PNG.length,
      runId: null,
      historyId: null,
      createdBy: w.user.userId,
    });
    expect(png.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(log).toMatchObject({ fileName: 'log.txt', contentType: 'text/plain; charset=utf-8', size: 14 });
    expect(log.attachmentId).toBeGreaterThan(png.attachmentId);
    const stored = await t.db.attachment.findMany({ where: { attachmentId: { in: [png.attachmentId, log.attachmentId] } } });
    expect(stored.every((a) => a.orgId === w.orgA.orgId)).toBe(true);
  });

  it('attaches to the current result in a run, which keeps the file when later results come', async () => {
    const [a, b] = await createTests(t.db, p, 2);
    const run = await startRun(t, w.user.token, p, [a, b]);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { runId: run.runId, projectId: p, testResults: [{ testId: a, status: 'failed' }] })
      .expect(200);
    const failed = await t.db.statusHistory.findFirstOrThrow({ where: { runId: run.runId, testId: a }, orderBy: { id: 'desc' } });
    const res = await upload(t, w.user.token, { projectId: p, testId: a, runId: run.runId }, [{ name: 'fail.png', content: PNG }]).expect(
      201,
    );
    expect(res.body.data[0]).toMatchObject({ runId: run.runId, historyId: failed.id, testId: a });
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { runId: run.runId, projectId: p, testResults: [{ testId: a, status: 'passed' }] })
      .expect(200);
    const row = await t.db.attachment.findUniqueOrThrow({ where: { attachmentId: res.body.data[0].attachmentId } });
    expect(row.historyId).toBe(failed.id);
    // The run's test lists count it; the test case's own files do not include it.
    const tests = await t.as(w.reader.token).get('/run/tests', { runId: run.runId, projectId: p }).expect(200);
    expect(tests.body.data.tests.map((x: { testId: number; attachmentCount: number }) => [x.testId, x.attachmentCount])).toEqual([
      [a, 1],
      [b, 0],
    ]);
    const details = await t.as(w.reader.token).get('/test/details', { projectId: p, testId: a }).expect(200);
    expect(details.body.data.attachmentCount).toBe(0);
  });

  it('lets User and Admin upload, not Reader (403); another organization gets 404', async () => {
    const file = [{ name: 'a.txt', content: 'a' }];
    await upload(t, w.admin.token, { projectId: p, testId }, file).expect(201);
    const before = await attachmentState(t);
    const reader = await upload(t, w.reader.token, { projectId: p, testId }, file).expect(403);
    expect(reader.body.code).toBe('forbidden');
    const other = await upload(t, w.adminB.token, { projectId: p, testId }, file).expect(404);
    expect(other.body.code).toBe('project_not_found');
    const [testB] = await createTests(t.db, w.projectB.projectId, 1);
    expect((await upload(t, w.user.token, { projectId: p, testId: testB }, file).expect(404)).body.code).toBe('test_not_found');
    expect(await attachmentState(t)).toEqual(before);
  });

  it('refuses bad input with 400 naming it, storing nothing', async () => {
    const before = await attachmentState(t);
    const bad = await upload(t, w.user.token, { projectId: p, testId: 0 }, [{ name: 'a.txt', content: 'a' }]).expect(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', error: expect.stringContaining('testId') });
    const none = await t.http
      .post('/api/v1/attachment/upload')
      .query({ projectId: p, testId })
      .set('Authorization', `Bearer ${w.user.token}`)
      .field('note', 'no file')
      .expect(400);
    expect(none.body).toMatchObject({ code: 'validation_failed', error: expect.stringContaining('note') });
    const wrongField = await t.http
      .post('/api/v1/attachment/upload')
      .query({ projectId: p, testId })
      .set('Authorization', `Bearer ${w.user.token}`)
      .attach('files', Buffer.from('x'), 'x.txt')
      .expect(400);
    expect(wrongField.body.error).toContain('files: not a file part this route takes (file)');
    const json = await t.as(w.user.token).post(`/attachment/upload?projectId=${p}&testId=${testId}`, { file: 'x' }).expect(415);
    expect(json.body).toMatchObject({ code: 'unsupported_media_type', error: 'Content-Type must be multipart/form-data' });
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.txt`, content: `file ${i}` }));
    const many = await upload(t, w.user.token, { projectId: p, testId }, tooMany).expect(400);
    expect(many.body.error).toContain('at most 20 files');
    const empty = await t.http
      .post('/api/v1/attachment/upload')
      .query({ projectId: p, testId })
      .set('Authorization', `Bearer ${w.user.token}`)
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .send('--x--\r\n')
      .expect(400);
    expect(empty.body.error).toContain('at least one file');
    expect(await attachmentState(t)).toEqual(before);
  });

  it('refuses a locked run (423), a test not in the run (400) and an inactive project (409), storing nothing', async () => {
    const [a, outsider] = await createTests(t.db, p, 2);
    const run = await startRun(t, w.user.token, p, [a]);
    const before = await attachmentState(t);
    const notIn = await upload(t, w.user.token, { projectId: p, testId: outsider, runId: run.runId }, [
      { name: 'a.txt', content: 'a' },
    ]).expect(400);
    expect(notIn.body.code).toBe('invalid_reference');
    await t.as(w.user.token).put('/run/lock', { runId: run.runId, projectId: p }).expect(200);
    const locked = await upload(t, w.user.token, { projectId: p, testId: a, runId: run.runId }, [{ name: 'a.txt', content: 'a' }]).expect(
      423,
    );
    expect(locked.body.code).toBe('run_locked');
    await t.db.project.update({ where: { projectId: p }, data: { isActive: false } });
    try {
      const inactive = await upload(t, w.user.token, { projectId: p, testId: a }, [{ name: 'a.txt', content: 'a' }]).expect(409);
      expect(inactive.body.code).toBe('project_inactive');
    } finally {
      await t.db.project.update({ where: { projectId: p }, data: { isActive: true } });
    }
    expect(await attachmentState(t)).toEqual(before);
  });
});

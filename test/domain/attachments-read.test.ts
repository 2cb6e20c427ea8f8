import crypto from 'node:crypto';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { binaryBody, startRun } from '../support/run-factories';
import { blobBackends } from '../support/blob-backends';
import { attachmentApp, attachmentState, PNG, upload } from '../support/attachments';

// GET /attachments, GET /attachment/download and DELETE /attachment/delete: lists by test case
// and by result, the bytes back as sent, and a delete that takes the bytes along.

describe.each(blobBackends)('attachments read and deleted on $name', (backend) => {
  let t: Awaited<ReturnType<typeof attachmentApp>>;
  let w: World;
  let p: number;
  let testId: number;
  let runId: number;

  beforeAll(async () => {
    t = await attachmentApp(backend);
    w = await createWorld(t.db);
    p = w.projectA.projectId;
    [testId] = await createTests(t.db, p, 1);
    runId = (await startRun(t, w.user.token, p, [testId])).runId;
  });
  afterAll(() => t.stop());

  const add = async (name: string, content: Buffer | string, run?: number) =>
    (await upload(t, w.user.token, { projectId: p, testId, ...(run ? { runId: run } : {}) }, [{ name, content }]).expect(201)).body.data[0];

  it('lists a test case, or a result, newest first, paged with X-Total-Count and a cursor', async () => {
    const first = await add('one.txt', 'one');
    const second = await add('two.txt', 'two');
    const third = await add('three.txt', 'three');
    const ofRun = await add('run.txt', 'run', runId);
    const page = await t.as(w.reader.token).get('/attachments', { projectId: p, testId, limit: 2 }).expect(200);
    expect(page.body.data.map((a: { fileName: string }) => a.fileName)).toEqual(['three.txt', 'two.txt']);
    expect(page.headers['x-total-count']).toBe('3');
    const next = await t
      .as(w.reader.token)
      .get('/attachments', { projectId: p, testId, limit: 2, cursor: page.headers['x-next-cursor'] })
      .expect(200);
    expect(next.body.data.map((a: { attachmentId: number }) => a.attachmentId)).toEqual([first.attachmentId]);
    expect(next.headers['x-next-cursor']).toBeUndefined();
    const offset = await t.as(w.reader.token).get('/attachments', { projectId: p, testId, offset: 1 }).expect(200);
    expect(offset.body.data.map((a: { attachmentId: number }) => a.attachmentId)).toEqual([second.attachmentId, first.attachmentId]);
    const run = await t.as(w.reader.token).get('/attachments', { projectId: p, testId, runId }).expect(200);
    expect(run.body.data).toEqual([ofRun]);
    expect(third.fileName).toBe('three.txt');
  });

  it('answers a changed list after an upload, not the kept ETag', async () => {
    const before = await t.as(w.reader.token).get('/attachments', { projectId: p, testId }).expect(200);
    await add('later.txt', 'later');
    const after = await t
      .as(w.reader.token)
      .get('/attachments', { projectId: p, testId })
      .set('If-None-Match', before.headers.etag)
      .expect(200);
    expect(after.body.data[0].fileName).toBe('later.txt');
  });

  it('downloads the bytes as stored, for every role of the organization; 404 for another one and for a bad id', async () => {
    const png = await add('shot.png', PNG);
    for (const user of [w.reader, w.user, w.admin]) {
      const res = await t
        .as(user.token)
        .get('/attachment/download', { projectId: p, attachmentId: png.attachmentId })
        .buffer(true)
        .parse(binaryBody)
        .expect(200);
      expect(Buffer.compare(res.body as Buffer, PNG)).toBe(0);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-length']).toBe(String(PNG.length));
    }
    const other = await t.as(w.adminB.token).get('/attachment/download', { projectId: p, attachmentId: png.attachmentId }).expect(404);
    expect(other.body.code).toBe('project_not_found');
    const wrongProject = await t
      .as(w.adminB.token)
      .get('/attachment/download', { projectId: w.projectB.projectId, attachmentId: png.attachmentId })
      .expect(404);
    expect(wrongProject.body).toMatchObject({ code: 'attachment_not_found' });
    const missing = await t.as(w.reader.token).get('/attachment/download', { projectId: p, attachmentId: 999999 }).expect(404);
    expect(missing.body).toMatchObject({ code: 'attachment_not_found' });
    const bad = await t.as(w.reader.token).get('/attachment/download', { projectId: p, attachmentId: 'x' }).expect(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', error: expect.stringContaining('attachmentId') });
    const list = await t.as(w.adminB.token).get('/attachments', { projectId: p, testId }).expect(404);
    expect(list.body.code).toBe('project_not_found');
  });

  it('sends binary bytes uncompressed with their length, whatever the client accepts; text may be gzipped', async () => {
    const bytes = crypto.randomBytes(256 * 1024);
    const binary = await add('blob.bin', bytes);
    expect(binary.contentType).toBe('application/octet-stream');
    const res = await t
      .as(w.reader.token)
      .get('/attachment/download', { projectId: p, attachmentId: binary.attachmentId })
      .set('Accept-Encoding', 'gzip, deflate, br')
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
    const log = await add('run.log', 'GET /checkout 200 12 ms\n'.repeat(2000));
    const text = await t
      .as(w.reader.token)
      .get('/attachment/download', { projectId: p, attachmentId: log.attachmentId })
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(text.headers['content-encoding']).toBe('gzip');
    expect(text.text).toBe('GET /checkout 200 12 ms\n'.repeat(2000));
  });

  it('deletes the record and its bytes (User and Admin; Reader 403, another organization 404)', async () => {
    const doomed = await add('doomed.txt', 'doomed');
    const key = (await t.db.attachment.findUniqueOrThrow({ where: { attachmentId: doomed.attachmentId } })).storageKey;
    const q = { projectId: p, attachmentId: doomed.attachmentId };
    expect(
      (await t.as(w.reader.token).delete(`/attachment/delete?projectId=${p}&attachmentId=${doomed.attachmentId}`).expect(403)).body.code,
    ).toBe('forbidden');
    const other = await t.as(w.adminB.token).delete(`/attachment/delete?projectId=${p}&attachmentId=${doomed.attachmentId}`).expect(404);
    expect(other.body.code).toBe('project_not_found');
    const res = await t.as(w.user.token).delete(`/attachment/delete?projectId=${q.projectId}&attachmentId=${q.attachmentId}`).expect(200);
    expect(res.body.data).toEqual({ attachmentId: doomed.attachmentId, deleted: true });
    expect((await attachmentState(t)).keys).not.toContain(key);
    expect(await t.db.attachment.count({ where: { attachmentId: doomed.attachmentId } })).toBe(0);
    const again = await t
      .as(w.admin.token)
      .delete(`/attachment/delete?projectId=${q.projectId}&attachmentId=${q.attachmentId}`)
      .expect(404);
    expect(again.body).toMatchObject({ code: 'attachment_not_found' });
    const byAdmin = await add('admin.txt', 'x');
    await t.as(w.admin.token).delete(`/attachment/delete?projectId=${p}&attachmentId=${byAdmin.attachmentId}`).expect(200);
  });

  it("keeps a locked run's files: 423, and the bytes stay", async () => {
    const [other] = await createTests(t.db, p, 1);
    const run = await startRun(t, w.user.token, p, [other]);
    const kept = (
      await upload(t, w.user.token, { projectId: p, testId: other, runId: run.runId }, [{ name: 'kept.txt', content: 'k' }]).expect(201)
    ).body.data[0];
    await t.as(w.user.token).put('/run/lock', { runId: run.runId, projectId: p }).expect(200);
    const before = await attachmentState(t);
    const res = await t.as(w.admin.token).delete(`/attachment/delete?projectId=${p}&attachmentId=${kept.attachmentId}`).expect(423);
    expect(res.body.code).toBe('run_locked');
    expect(await attachmentState(t)).toEqual(before);
  });
});

import { createProject, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';
import { blobBackends } from '../support/blob-backends';
import { attachmentApp, storedKeys, upload } from '../support/attachments';
import { sweepAttachments } from '../../src/domain/attachments/sweep';

// Deleting a test, a run or a project leaves its attachments' bytes to the sweep: after one,
// nothing of theirs is left, rows or bytes, and the files of what lives on are untouched.

describe.each(blobBackends)('the attachment sweep on $name', (backend) => {
  let t: Awaited<ReturnType<typeof attachmentApp>>;
  let w: World;

  beforeAll(async () => {
    t = await attachmentApp(backend);
    w = await createWorld(t.db);
  });
  afterAll(() => t.stop());

  const add = async (projectId: number, testId: number, runId?: number) =>
    (
      await upload(t, w.admin.token, { projectId, testId, ...(runId ? { runId } : {}) }, [
        { name: 'f.txt', content: `${testId}/${runId}` },
      ]).expect(201)
    ).body.data[0].attachmentId as number;
  const keysOf = async (ids: number[]) =>
    (await t.db.attachment.findMany({ where: { attachmentId: { in: ids } }, select: { storageKey: true } })).map((a) => a.storageKey);

  it('removes the rows and bytes of deleted tests, runs and projects, and nothing else', async () => {
    const p = w.projectA.projectId;
    const [kept, deletedTest, inDeletedRun] = await createTests(t.db, p, 3);
    const keptRun = await startRun(t, w.admin.token, p, [kept, deletedTest]);
    const doomedRun = await startRun(t, w.admin.token, p, [inDeletedRun]);
    const doomedProject = await createProject(t.db, w.orgA.orgId);
    const [inDoomedProject] = await createTests(t.db, doomedProject.projectId, 1);
    const keptIds = [await add(p, kept), await add(p, kept, keptRun.runId)];
    const doomedIds = [
      await add(p, deletedTest),
      await add(p, deletedTest, keptRun.runId),
      await add(p, inDeletedRun, doomedRun.runId),
      await add(doomedProject.projectId, inDoomedProject),
    ];
    const keptKeys = await keysOf(keptIds);
    const doomedKeys = await keysOf(doomedIds);
    expect(doomedKeys).toHaveLength(4);

    await t.as(w.admin.token).delete('/test/delete', { projectId: p, testId: deletedTest }).expect(200);
    await t.as(w.admin.token).delete('/run/delete', { projectId: p, runId: doomedRun.runId }).expect(200);
    await t.as(w.admin.token).delete('/project/delete', { projectId: doomedProject.projectId }).expect(200);
    // Young blobs are left alone: an upload writes its bytes before its row.
    expect(await sweepAttachments(t.db, t.blobs)).toEqual({ rows: 2, blobs: 0 });
    expect(await storedKeys(t)).toEqual(expect.arrayContaining(doomedKeys));

    expect(await sweepAttachments(t.db, t.blobs, { graceMs: 0 })).toEqual({ rows: 0, blobs: 4 });
    const left = await storedKeys(t);
    expect(left.filter((k) => doomedKeys.includes(k))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining(keptKeys));
    expect(await t.db.attachment.count({ where: { attachmentId: { in: doomedIds } } })).toBe(0);
    expect(await t.db.attachment.count({ where: { attachmentId: { in: keptIds } } })).toBe(2);
    // Every blob left is named by a row.
    expect(left.sort()).toEqual((await t.db.attachment.findMany({ select: { storageKey: true } })).map((a) => a.storageKey).sort());
  });
});

import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createHttpServer } from '../../src/http/http-server';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { blobBackends } from '../support/blob-backends';
import { attachmentApp, attachmentState, upload } from '../support/attachments';

// The size of one file (ATTACHMENT_MAX_MB), the organization's quota (ATTACHMENT_QUOTA_MB), and a
// body cut off mid-file: each refuses the whole request and leaves no row and no byte behind.

const MB = 1024 * 1024;

describe.each(blobBackends)('attachment limits on $name', (backend) => {
  let t: Awaited<ReturnType<typeof attachmentApp>>;
  let w: World;
  let p: number;
  let testId: number;

  beforeAll(async () => {
    t = await attachmentApp(backend, { ATTACHMENT_MAX_MB: '1', ATTACHMENT_QUOTA_MB: '3' });
    w = await createWorld(t.db);
    p = w.projectA.projectId;
    [testId] = await createTests(t.db, p, 1);
  });
  afterAll(() => t.stop());

  it('refuses a file over ATTACHMENT_MAX_MB with 413 naming the limit, storing none of the request', async () => {
    const before = await attachmentState(t);
    const res = await upload(t, w.user.token, { projectId: p, testId }, [
      { name: 'small.txt', content: 'fits' },
      { name: 'big.bin', content: Buffer.alloc(MB + 1, 1) },
    ]).expect(413);
    expect(res.body).toMatchObject({
      code: 'payload_too_large',
      error: 'big.bin: larger than the limit of 1 MB a file (ATTACHMENT_MAX_MB)',
    });
    expect(await attachmentState(t)).toEqual(before);
    // Exactly the limit is taken.
    await upload(t, w.user.token, { projectId: p, testId }, [{ name: 'exact.bin', content: Buffer.alloc(MB, 1) }]).expect(201);
  });

  it("refuses what would pass the organization's quota with 507 naming it, storing none of it", async () => {
    const used = await t.db.attachment.aggregate({ where: { orgId: w.orgA.orgId }, _sum: { size: true } });
    const room = 3 * MB - (used._sum.size ?? 0);
    // Files that each fit, one byte more than the room left in all.
    const before = await attachmentState(t);
    const res = await upload(t, w.user.token, { projectId: p, testId }, files(room + 1, 'over')).expect(507);
    expect(res.body).toMatchObject({
      code: 'quota_exceeded',
      error: "The organization's attachments would pass its quota of 3 MB (ATTACHMENT_QUOTA_MB)",
    });
    expect(await attachmentState(t)).toEqual(before);
    // Another organization has its own quota.
    const [testB] = await createTests(t.db, w.projectB.projectId, 1);
    await upload(t, w.adminB.token, { projectId: w.projectB.projectId, testId: testB }, [
      { name: 'b.bin', content: Buffer.alloc(MB, 4) },
    ]).expect(201);
    // Filled to the quota, the next upload is refused before its body is read.
    await upload(t, w.user.token, { projectId: p, testId }, files(room, 'fill')).expect(201);
    const full = await upload(t, w.user.token, { projectId: p, testId }, [{ name: 'one.txt', content: 'x' }]).expect(507);
    expect(full.body.code).toBe('quota_exceeded');
  });

  it('stores nothing of a request cut off mid-file, temporary files included', async () => {
    const server = createHttpServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      // In organization B: A's quota is full by now.
      const [testB] = await createTests(t.db, w.projectB.projectId, 1);
      const before = await attachmentState(t);
      const boundary = 'cutcutcut';
      const head =
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="first.txt"\r\nContent-Type: text/plain\r\n\r\nwhole\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /api/v1/attachment/upload?projectId=${w.projectB.projectId}&testId=${testB} HTTP/1.1\r\nHost: localhost\r\n` +
          `Authorization: Bearer ${w.adminB.token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 400_000}\r\n\r\n`,
      );
      socket.write(head);
      socket.write(Buffer.alloc(200_000, 7));
      // Half the file is on its way to the store when the client goes.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const during = await attachmentState(t);
      socket.destroy();
      await waitFor(async () => JSON.stringify(await attachmentState(t)) === JSON.stringify(before));
      expect(await attachmentState(t)).toEqual(before);
      // The first, whole file was stored meanwhile and then removed with the rest of the request.
      expect(during.keys.length).toBeGreaterThan(before.keys.length);
    } finally {
      server.close();
    }
  });
});

/** Files of at most 1 MB (the limit of one here), `total` bytes in all. */
function files(total: number, prefix: string) {
  return Array.from({ length: Math.ceil(total / MB) }, (_, i) => ({
    name: `${prefix}-${i}.bin`,
    content: Buffer.alloc(Math.min(MB, total - i * MB), i + 1),
  }));
}

async function waitFor(check: () => Promise<boolean>, ms = 5000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

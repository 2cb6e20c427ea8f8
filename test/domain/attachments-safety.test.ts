import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { binaryBody } from '../support/run-factories';
import { blobBackends } from '../support/blob-backends';
import { attachmentApp, PNG, upload } from '../support/attachments';
import { safeFileName } from '../../src/domain/attachments/file-name';
import { contentDisposition } from '../../src/core/download';

// What uploaded bytes are stored and served as: the type of the bytes, never the client's claim;
// names that cannot carry a path or break a header; downloads a browser never runs as a page.

const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
const GZIP = Buffer.from([
  0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
]);

describe('safeFileName', () => {
  it.each([
    ['C:\\Users\\me\\shot.png', 'shot.png'],
    ['../../etc/passwd', 'passwd'],
    ['a\u0000b\u0007c\u001b.txt', 'abc.txt'],
    ['evil\u202egnp.exe', 'evilgnp.exe'],
    ['dir/', 'attachment'],
    ['..', 'attachment'],
    ['', 'attachment'],
    ['  spaced  ', 'spaced'],
    ['résumé 日本.png', 'résumé 日本.png'],
  ])('%j → %j', (name, safe) => expect(safeFileName(name)).toBe(safe));

  it('keeps at most 255 bytes, cut between UTF-8 characters', () => {
    const name = `${'日'.repeat(100)}.txt`;
    const safe = safeFileName(name);
    expect(Buffer.byteLength(safe)).toBeLessThanOrEqual(255);
    expect(safe).toBe('日'.repeat(85));
    expect(safeFileName('a'.repeat(300))).toBe('a'.repeat(255));
  });
});

describe.each(blobBackends)('attachment types and downloads on $name', (backend) => {
  let t: Awaited<ReturnType<typeof attachmentApp>>;
  let w: World;
  let p: number;
  let testId: number;

  beforeAll(async () => {
    t = await attachmentApp(backend);
    w = await createWorld(t.db);
    p = w.projectA.projectId;
    [testId] = await createTests(t.db, p, 1);
  });
  afterAll(() => t.stop());

  const stored = async (name: string, content: Buffer | string, type: string) =>
    (await upload(t, w.user.token, { projectId: p, testId }, [{ name, content, type }]).expect(201)).body.data[0];
  const download = (attachmentId: number) =>
    t.as(w.reader.token).get('/attachment/download', { projectId: p, attachmentId }).buffer(true).parse(binaryBody).expect(200);

  it.each([
    ['page.html', '<html><script>alert(1)</script></html>', 'text/html', 'text/plain; charset=utf-8'],
    [
      'logo.svg',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      'image/svg+xml',
      'text/plain; charset=utf-8',
    ],
    ['report.xml', '<?xml version="1.0"?><testsuite/>', 'application/xml', 'text/plain; charset=utf-8'],
    ['colours.log', 'ok \u001b[32mgreen\u001b[0m\tdone\r\n', 'text/plain', 'text/plain; charset=utf-8'],
    ['not-a.png', 'just words', 'image/png', 'text/plain; charset=utf-8'],
    ['shot.txt', PNG, 'text/plain', 'image/png'],
    ['doc', PDF, 'application/octet-stream', 'application/pdf'],
    ['a.gz', GZIP, 'text/html', 'application/gzip'],
    ['blob.bin', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]), 'text/plain', 'application/octet-stream'],
    ['latin1.txt', Buffer.from('caf\xe9', 'latin1'), 'text/plain', 'application/octet-stream'],
  ])('%s claimed as %s is stored as what its bytes are (%s)', async (name, content, claimed, type) => {
    const file = await stored(name, content, claimed);
    expect(file.contentType).toBe(type);
    const res = await download(file.attachmentId);
    expect(res.headers['content-type']).toBe(type);
  });

  it('sends nosniff and a sandbox; inline only for images, PDF, text and video', async () => {
    const cases: [string, Buffer | string, string][] = [
      ['shot.png', PNG, 'inline'],
      ['doc.pdf', PDF, 'inline'],
      ['page.html', '<html></html>', 'inline'],
      ['a.gz', GZIP, 'attachment'],
      ['blob.bin', Buffer.from([0, 1, 2]), 'attachment'],
    ];
    for (const [name, content, disposition] of cases) {
      const res = await download((await stored(name, content, 'application/octet-stream')).attachmentId);
      expect([name, res.headers['content-disposition']]).toEqual([name, `${disposition}; filename="${name}"`]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe('sandbox');
    }
  });

  it('names the file by RFC 6266: quoted, and whole in filename* when not plain ASCII', async () => {
    const file = await stored('../résumé (final).txt', 'text', 'text/plain');
    expect(file.fileName).toBe('résumé (final).txt');
    const res = await download(file.attachmentId);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="r_sum_ (final).txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28final%29.txt`,
    );
    // A quote or backslash cannot end the quoted name early.
    expect(contentDisposition('attachment', 'a"b\\c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`);
    const empty = await stored('..', 'x', 'text/plain');
    expect(empty.fileName).toBe('attachment');
  });
});

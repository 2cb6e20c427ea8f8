import { createUser, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { blobBackends } from '../support/blob-backends';
import { attachmentApp, PNG, upload } from '../support/attachments';

// GET /attachment/download with ATTACHMENT_S3_PRESIGN=true: a 302 to a presigned URL of the S3
// store (s3rver here), only after the caller passed the same checks as for the bytes themselves.

const s3 = blobBackends.find((b) => b.name === 's3')!;

describe('attachment downloads presigned by the S3 store', () => {
  let t: Awaited<ReturnType<typeof attachmentApp>>;
  let w: World;
  let p: number;
  let attachmentId: number;
  let endpoint: string;

  beforeAll(async () => {
    t = await attachmentApp(s3, { ATTACHMENT_S3_PRESIGN: 'true' });
    endpoint = t.config.attachmentS3!.endpoint!;
    w = await createWorld(t.db);
    p = w.projectA.projectId;
    const [testId] = await createTests(t.db, p, 1);
    const res = await upload(t, w.user.token, { projectId: p, testId }, [{ name: 'shot ü.png', content: PNG }]).expect(201);
    attachmentId = res.body.data[0].attachmentId;
  });
  afterAll(() => t.stop());

  it('answers 302 to the S3 server, whose URL gives the bytes with the headers Casebook would send, for a minute', async () => {
    const res = await t.as(w.reader.token).get('/attachment/download', { projectId: p, attachmentId }).redirects(0).expect(302);
    const location = new URL(res.headers.location);
    expect(location.origin).toBe(new URL(endpoint).origin);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // The answer's headers are signed with the URL: it cannot be reused to serve the bytes as markup.
    expect(location.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(location.searchParams.get('response-content-type')).toBe('image/png');
    // The redirect itself carries no bytes, and still the headers that keep a page from running.
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await fetched.arrayBuffer()), PNG)).toBe(0);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(fetched.headers.get('content-disposition')).toBe(`inline; filename="shot _.png"; filename*=UTF-8''shot%20%C3%BC.png`);
  });

  it('checks who asks before any redirect: 401 without a token, 404 for a Reader of another organization', async () => {
    const anonymous = await t.http.get('/api/v1/attachment/download').query({ projectId: p, attachmentId }).redirects(0).expect(401);
    expect(anonymous.headers.location).toBeUndefined();
    const readerB = await createUser(t.db, 'Reader', [w.orgB.orgId]);
    const other = await t.as(readerB.token).get('/attachment/download', { projectId: p, attachmentId }).redirects(0).expect(404);
    expect(other.headers.location).toBeUndefined();
    expect(other.body.code).toBe('project_not_found');
    const unknown = await t
      .as(w.reader.token)
      .get('/attachment/download', { projectId: p, attachmentId: attachmentId + 1000 })
      .redirects(0)
      .expect(404);
    expect(unknown.body.code).toBe('attachment_not_found');
  });
});

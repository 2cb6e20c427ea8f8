// An S3-compatible server for tests (s3rver, which keeps objects as files in the folder given as
// the first argument), in a process of its own: its memory is not the store's, and it runs with
// --openssl-legacy-provider, which s3rver's DES continuation tokens need on this Node (without it
// a listing of more than 1,000 keys fails). Creates the bucket named second, then prints
// {"endpoint"} when ready. The stdin line {"operations": true} answers {"operations": [...]}: the
// S3 operations asked for since the last such line.
//
// s3rver lacks two operations the S3 store relies on: AbortMultipartUpload (a failed put drops its
// parts) and ListMultipartUploads (the tests see that none is left). Both are answered here, on
// s3rver's own record of unfinished uploads (a folder per upload id holding the key), so an abort
// that never reaches the server shows as a leftover upload.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
await s3rver.configureBuckets();
const handle = s3rver.callback();
const uploadsDir = (name) => s3rver.store.getResourcePath(name, undefined, 'uploads');
let operations = [];

/** The S3 operation a request asks for, named as the SDK names its commands. */
function operationOf(method, onKey, query) {
  if (!onKey) {
    if (query.has('uploads')) return 'ListMultipartUploads';
    if (query.get('list-type') === '2') return 'ListObjectsV2';
    return `${method} bucket`;
  }
  if (method === 'POST') return query.has('uploads') ? 'CreateMultipartUpload' : 'CompleteMultipartUpload';
  if (method === 'PUT') return query.has('uploadId') ? 'UploadPart' : 'PutObject';
  if (method === 'DELETE') return query.has('uploadId') ? 'AbortMultipartUpload' : 'DeleteObject';
  return method === 'HEAD' ? 'HeadObject' : 'GetObject';
}

const escapeXml = (s) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const xml = (body) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

async function listUploads(dir, prefix) {
  const ids = await fs.readdir(dir).catch(() => []);
  const uploads = await Promise.all(
    ids.map(async (uploadId) => ({ uploadId, key: await fs.readFile(path.join(dir, uploadId, 'key'), 'utf8').catch(() => '') })),
  );
  return uploads.filter((u) => u.key && u.key.startsWith(prefix));
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://s3');
  const [name, ...keyParts] = url.pathname.split('/').filter(Boolean);
  const operation = operationOf(req.method, keyParts.length > 0, url.searchParams);
  operations.push(operation);
  const reply = (status, body) => {
    res.writeHead(status, body ? { 'Content-Type': 'application/xml' } : {});
    res.end(body);
  };
  const failed = (err) => reply(500, xml(`<Error><Code>InternalError</Code><Message>${escapeXml(String(err))}</Message></Error>`));
  if (operation === 'ListMultipartUploads') {
    listUploads(uploadsDir(name), url.searchParams.get('prefix') ?? '').then(
      (uploads) =>
        reply(
          200,
          xml(
            `<ListMultipartUploadsResult><Bucket>${escapeXml(name)}</Bucket><IsTruncated>false</IsTruncated>` +
              uploads.map((u) => `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${escapeXml(u.uploadId)}</UploadId></Upload>`).join('') +
              '</ListMultipartUploadsResult>',
          ),
        ),
      failed,
    );
    return;
  }
  if (operation === 'AbortMultipartUpload') {
    const dir = path.join(uploadsDir(name), path.basename(url.searchParams.get('uploadId')));
    fs.stat(dir).then(
      () => fs.rm(dir, { recursive: true, force: true }).then(() => reply(204), failed),
      () => reply(404, xml('<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>')),
    );
    return;
  }
  handle(req, res);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ endpoint: `http://127.0.0.1:${server.address().port}` })}\n`);
});

readline
  .createInterface({ input: process.stdin })
  .on('line', (line) => {
    if (JSON.parse(line).operations) {
      process.stdout.write(`${JSON.stringify({ operations })}\n`);
      operations = [];
    }
  })
  .on('close', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });

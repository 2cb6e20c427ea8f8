import { fileKind, fileSize, isImage, opensInTab } from '../../../web/src/features/attachments/file-kind';
import { attachmentErrorText } from '../../../web/src/features/attachments/upload-errors';

// How files and refusals read in the web app's attachments.

/** An error as the API client throws it (ApiError: the server's text, status and code). */
const refusal = (message: string, status: number, code: string) => Object.assign(new Error(message), { status, code });

it('says why an upload was refused, by its code, keeping the limit the server names', () => {
  expect(
    attachmentErrorText(refusal('shot.png: larger than the limit of 25 MB a file (ATTACHMENT_MAX_MB)', 413, 'payload_too_large')),
  ).toBe(
    'Not attached: a file is too large. shot.png: larger than the limit of 25 MB a file (ATTACHMENT_MAX_MB). Nothing was stored; attach a smaller file.',
  );
  expect(attachmentErrorText(refusal("The organization's attachments would pass its quota of 100 MB", 507, 'quota_exceeded'))).toMatch(
    /^Not attached: the organization has no room left\. .*quota of 100 MB\. Delete files/,
  );
  expect(attachmentErrorText(refusal('Run is locked', 423, 'run_locked'))).toBe(
    'The run is locked: the files of its results cannot change.',
  );
  expect(attachmentErrorText(refusal('Test not found', 404, 'not_found'))).toBe('Test not found (404)');
  expect(attachmentErrorText(new Error('The upload did not reach the server'))).toBe('The upload did not reach the server');
});

it('writes sizes as people read them', () => {
  expect([1, 812, 1024, 1536, 900 * 1024, 25 * 1024 * 1024, 3 * 1024 ** 3].map(fileSize)).toEqual([
    '1 byte',
    '812 bytes',
    '1.0 KB',
    '1.5 KB',
    '900 KB',
    '25 MB',
    '3.0 GB',
  ]);
});

it('shows images as thumbnails, opens PDF, text and video in a tab, and tags the rest by kind', () => {
  expect(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'image/bmp'].map(isImage)).toEqual([
    true,
    true,
    true,
    true,
    false,
    false,
  ]);
  expect(['application/pdf', 'text/plain; charset=utf-8', 'video/mp4', 'application/octet-stream', 'text/html'].map(opensInTab)).toEqual([
    true,
    true,
    true,
    false,
    false,
  ]);
  expect(fileKind('application/pdf', 'a.pdf')).toBe('PDF');
  expect(fileKind('text/plain; charset=utf-8', 'page.html')).toBe('TXT');
  expect(fileKind('application/zip', 'trace.zip')).toBe('ZIP');
  expect(fileKind('application/octet-stream', 'dump.hprof')).toBe('FILE');
  expect(fileKind('application/octet-stream', 'core.bin')).toBe('BIN');
  expect(fileKind('application/octet-stream', 'noext')).toBe('FILE');
});

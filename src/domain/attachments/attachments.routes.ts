import { route, type FormParts } from '../../core/route';
import { z } from '../../core/schemas';
import { projectVersion } from '../projects/project-version';
import {
  attachmentDeleted,
  attachmentQuery,
  attachmentRecord,
  listAttachmentsQuery,
  MAX_FILES_PER_UPLOAD,
  uploadQuery,
} from './attachments.schemas';
import { deleteAttachment, downloadAttachment, listAttachments, PRESIGNED_SECONDS } from './attachments.service';
import { uploadAttachments } from './upload.service';

const tag = 'Attachments';

export const attachmentRoutes = [
  // The files are read by the handler as they arrive, each streamed to storage (z.ZodType<FormParts> types the body).
  route<typeof uploadQuery, z.ZodType<FormParts>, z.ZodArray<typeof attachmentRecord>>({
    method: 'post',
    path: '/attachment/upload',
    resource: 'attachment',
    action: 'create',
    tag,
    summary:
      `Attach files (multipart/form-data, up to ${MAX_FILES_PER_UPLOAD} parts named file) to a test case, or with runId to the test's current ` +
      'result in that run (they stay with that result when later ones are recorded). Each file at most ATTACHMENT_MAX_MB (413); ' +
      "the organization's files at most ATTACHMENT_QUOTA_MB (507). Its contentType is found from its bytes. All or nothing",
    query: uploadQuery,
    body: {
      multipart: {
        files: { file: { maxCount: MAX_FILES_PER_UPLOAD, description: 'A file to attach (its name is kept, made safe)' } },
        description: `Up to ${MAX_FILES_PER_UPLOAD} files, each a part named file`,
      },
    },
    response: z.array(attachmentRecord),
    successStatus: 201,
    errors: ['project_inactive', 'run_locked', 'invalid_reference', 'quota_exceeded'],
    changes: { project: ({ query }) => query.projectId },
    handler: (ctx, { query, body }) => uploadAttachments(ctx, query, body),
  }),
  route({
    method: 'get',
    path: '/attachments',
    resource: 'attachment',
    action: 'read',
    tag,
    summary:
      "The files of a test case, or with runId those of the test's results in that run (each names its result, historyId), " +
      'newest first, paged by limit/offset or cursor',
    query: listAttachmentsQuery,
    response: z.array(attachmentRecord),
    pageMeta: true,
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => listAttachments(ctx, query),
  }),
  route({
    method: 'get',
    path: '/attachment/download',
    resource: 'attachment',
    action: 'read',
    tag,
    summary:
      'The bytes of an attachment, streamed, with its sniffed type. Images (PNG, JPEG, GIF, WebP), PDF, plain text and video come inline; ' +
      'everything else as a file to save. Sent with X-Content-Type-Options: nosniff and Content-Security-Policy: sandbox. ' +
      `With ATTACHMENT_S3_PRESIGN=true, a 302 to a presigned URL of the S3 store valid ${PRESIGNED_SECONDS} s`,
    query: attachmentQuery,
    // Whatever the bytes were found to be.
    download: ['*/*'],
    fromStorage: true,
    handler: (ctx, { query }) => downloadAttachment(ctx, query),
  }),
  route({
    method: 'delete',
    path: '/attachment/delete',
    resource: 'attachment',
    action: 'delete',
    tag,
    summary: "Delete an attachment: its record and its bytes (423 for a locked run's result)",
    query: attachmentQuery,
    response: attachmentDeleted,
    errors: ['project_inactive', 'run_locked'],
    changes: { project: ({ query }) => query.projectId },
    handler: (ctx, { query }) => deleteAttachment(ctx, query),
  }),
];

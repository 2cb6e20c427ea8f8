import { arrayPageParams, queryId, z } from '../../core/schemas';

/** The most files one upload carries. */
export const MAX_FILES_PER_UPLOAD = 20;

const int = z.number().int();

/** What the upload answers for each file it stored, and each entry of a list. */
export const attachmentRecord = z
  .object({
    attachmentId: int,
    projectId: int,
    testId: int,
    runId: int.nullable().describe('The run whose result holds the file; null for a file of the test case'),
    historyId: int
      .nullable()
      .describe('The result (history entry of GET /run/test-status-history) the file was added to: it stays with that result'),
    fileName: z.string().describe('The name it was uploaded with, made safe: no path, no control characters, at most 255 bytes'),
    contentType: z
      .string()
      .describe(
        'What the bytes are, found from the bytes themselves: text is text/plain; charset=utf-8 whatever its name, unknown bytes application/octet-stream',
      ),
    size: int.describe('Bytes'),
    sha256: z.string().describe('SHA-256 of the bytes, hex'),
    createdBy: int.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Attachment' });
export type AttachmentRecord = z.infer<typeof attachmentRecord>;

export const uploadQuery = z.object({
  projectId: queryId,
  testId: queryId,
  runId: queryId.optional().describe("The run whose current result for the test gets the files; absent: the test case's own files"),
});
export type UploadQuery = z.infer<typeof uploadQuery>;

export const listAttachmentsQuery = uploadQuery.extend({
  runId: queryId.optional().describe("The files of the test's results in this run (all of them); absent: the test case's own files"),
  ...arrayPageParams,
});
export type ListAttachmentsQuery = z.infer<typeof listAttachmentsQuery>;

export const attachmentQuery = z.object({ projectId: queryId, attachmentId: queryId });

export const attachmentDeleted = z.object({ attachmentId: int, deleted: z.literal(true) });

/** Content types a download may be shown as in the browser (inline); everything else is saved (attachment). */
export const INLINE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain; charset=utf-8'];

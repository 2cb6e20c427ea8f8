import { Readable } from 'node:stream';
import type { RequestContext } from '../../core/context';
import { nextCursorAfter } from '../../core/cursor';
import { contentDisposition, type FileDownload } from '../../core/download';
import { notFound, projectInactive } from '../../core/errors';
import { BlobNotFound } from '../../db/blobs';
import { requireProject } from '../access';
import { lockRunForWrite, RUN_WRITE_TX } from '../runs/run-access';
import { isInline } from './content-type';
import { attachmentPage, deleteAttachmentRow, findAttachment } from './data';
import type { ListAttachmentsQuery } from './attachments.schemas';
import { requireAttachmentTarget } from './upload.service';

/** A presigned download URL lives this long: enough to follow the redirect, too short to pass around. */
export const PRESIGNED_SECONDS = 60;

/** A page of the test case's files, or of the test's results' files in a run, newest first. */
export async function listAttachments(ctx: RequestContext, q: ListAttachmentsQuery) {
  await requireAttachmentTarget(ctx, q, false);
  const { rows, total } = await attachmentPage(ctx.db, { ...q, runId: q.runId ?? null, beforeId: q.cursor });
  const page = rows.slice(0, q.limit);
  Object.assign(ctx.answer, { total, ...nextCursorAfter(rows.length > q.limit ? page[page.length - 1].attachmentId : null) });
  return page;
}

async function requireAttachment(ctx: RequestContext, projectId: number, attachmentId: number) {
  const found = await findAttachment(ctx.db, ctx.orgIds, projectId, attachmentId);
  if (found) return found;
  // As for any record: a project the caller cannot see is that, before its attachment.
  await requireProject(ctx, projectId);
  throw notFound('Attachment');
}

/** The file's bytes, streamed from the store (or a short-lived URL of the store's own, when it gives them). */
export async function downloadAttachment(ctx: RequestContext, q: { projectId: number; attachmentId: number }): Promise<FileDownload> {
  const found = await requireAttachment(ctx, q.projectId, q.attachmentId);
  const inline = isInline(found.contentType);
  const answer = { contentType: found.contentType, filename: found.fileName, inline, size: found.size, untrusted: true };
  const { blobs } = ctx.attachments;
  const disposition = contentDisposition(inline ? 'inline' : 'attachment', found.fileName);
  const redirect = await blobs.presignedUrl(found.storageKey, {
    seconds: PRESIGNED_SECONDS,
    contentType: found.contentType,
    contentDisposition: disposition,
  });
  if (redirect) return { ...answer, body: Readable.from([]), redirect };
  try {
    return { ...answer, body: await blobs.get(found.storageKey) };
  } catch (err) {
    // A record whose bytes are gone (removed by hand, a store swapped): as good as no attachment.
    if (err instanceof BlobNotFound) throw notFound('Attachment');
    throw err;
  }
}

/** Removes the record, then its bytes (a locked run's result keeps its files: 423). */
export async function deleteAttachment(ctx: RequestContext, q: { projectId: number; attachmentId: number }) {
  const found = await requireAttachment(ctx, q.projectId, q.attachmentId);
  if (!found.project.isActive) throw projectInactive();
  await ctx.db.$transaction(async (tx) => {
    if (found.runId !== null) await lockRunForWrite(tx, ctx, found.runId, q.projectId);
    await deleteAttachmentRow(tx, q.attachmentId);
  }, RUN_WRITE_TX);
  // Once the row is gone nothing names the bytes: what fails to go now, the sweep removes later.
  await ctx.attachments.blobs.delete(found.storageKey).catch(() => {});
  return { attachmentId: q.attachmentId, deleted: true as const };
}

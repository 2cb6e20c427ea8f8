import crypto from 'node:crypto';
import type { RequestContext } from '../../core/context';
import { badRequest, notFound, projectInactive, runLocked } from '../../core/errors';
import type { FormParts } from '../../core/route';
import { lockRunForWrite, RUN_WRITE_TX } from '../runs/run-access';
import { currentHistoryId, findAttachmentTarget, insertAttachments, lockOrgQuota, orgAttachmentBytes, type NewAttachment } from './data';
import type { UploadQuery } from './attachments.schemas';
import { safeFileName } from './file-name';
import { quotaExceeded, storeFile } from './store-file';

/**
 * Where an upload or a list goes: 404 for a project, test or run the caller cannot see; for an
 * upload (`write`), 400 for a test not in the run, 409 for an inactive project, 423 for a locked run.
 */
export async function requireAttachmentTarget(
  ctx: RequestContext,
  q: { projectId: number; testId: number; runId?: number },
  write: boolean,
) {
  const target = await findAttachmentTarget(ctx.db, ctx.orgIds, q);
  if (!target) throw notFound('Project');
  if (!target.testLive) throw notFound('Test');
  if (q.runId !== undefined) {
    if (!target.runFound) throw notFound('Run');
    // A test taken out of a run keeps its results there, and their files: only an upload needs it in the run.
    if (write && !target.inRun) throw badRequest(`testId: Test ${q.testId} is not in the run`, 'invalid_reference');
  }
  if (write && !target.isActive) throw projectInactive();
  if (write && target.runLocked) throw runLocked();
  return target;
}

/**
 * Stores the files of an upload, then their records, all or nothing: every check that can
 * refuse it comes before a byte is read; a file past a limit, a body cut short or a refusal
 * at the end (the run locked meanwhile, the quota taken by another upload) removes the bytes
 * already stored. With a run, the files go to the test's current result there.
 */
export async function uploadAttachments(ctx: RequestContext, q: UploadQuery, parts: FormParts) {
  const { orgId } = await requireAttachmentTarget(ctx, q, true);
  const { blobs, maxFileBytes, quotaBytes } = ctx.attachments;
  let used = quotaBytes > 0 ? await orgAttachmentBytes(ctx.db, orgId) : 0;
  if (quotaBytes > 0 && used >= quotaBytes) throw quotaExceeded(quotaBytes);
  const stored: NewAttachment[] = [];
  try {
    for await (const part of parts) {
      if (part.kind !== 'file') continue;
      const key = `${q.projectId}/${crypto.randomUUID()}`;
      const limits = { maxFileBytes, quotaBytes, quotaLeft: quotaBytes > 0 ? quotaBytes - used : Infinity };
      const file = await storeFile(blobs, key, safeFileName(part.fileName), part.stream, limits);
      stored.push(file);
      used += file.size;
    }
    if (stored.length === 0) throw badRequest('file: at least one file part is required');
    return await ctx.db.$transaction(async (tx) => {
      const runId = q.runId ?? null;
      let historyId: number | null = null;
      if (runId !== null) {
        await lockRunForWrite(tx, ctx, runId, q.projectId);
        historyId = (await currentHistoryId(tx, runId, q.testId)) ?? null;
      }
      if (quotaBytes > 0) {
        await lockOrgQuota(tx, orgId);
        const total = stored.reduce((sum, f) => sum + f.size, 0);
        if ((await orgAttachmentBytes(tx, orgId)) + total > quotaBytes) throw quotaExceeded(quotaBytes);
      }
      const target = { orgId, projectId: q.projectId, testId: q.testId, runId, historyId, createdBy: ctx.userId };
      return insertAttachments(tx, target, stored);
    }, RUN_WRITE_TX);
  } catch (err) {
    // The bytes of a refused upload go now (what fails to go, the sweep removes later).
    await Promise.allSettled(stored.map((f) => blobs.delete(f.storageKey)));
    throw err;
  }
}

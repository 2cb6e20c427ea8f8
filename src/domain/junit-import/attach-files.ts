import crypto from 'node:crypto';
import type { Tx } from '../../db/client';
import type { BlobStore } from '../../db/blobs';
import type { AttachmentStorage } from '../../core/context';
import { currentHistoryIds, insertAttachmentRows, lockOrgQuota, orgAttachmentBytes, type NewAttachment } from '../attachments/data';
import { quotaExceeded } from '../attachments/store-file';
import { automationKeyOf, type Report } from './collect-report';
import { fileNamed, type ImportFile } from './import-files';
import { MISSING_LISTED, type ImportJUnitResult } from './junit-import.schemas';
import type { Outcome } from './match-report';

// The files of a multipart import go to the results of the tests whose testcases name them: each
// recorded test (matched or created) takes the files its testcases name, once each, on its result
// in the run (the last history entry the import wrote for it). A name no file sent matches is
// listed as missing; a file no recorded test names is listed as unused and not kept.

type Attachments = NonNullable<ImportJUnitResult['attachments']>;

/** One file to attach to one test's result. */
interface Use {
  testId: number | null;
  file: ImportFile;
}

export interface AttachPlan {
  uses: Use[];
  answer: Attachments;
}

/** Which files go to which recorded tests (testId null: a test a dry run would create), and what is missing or unused. */
export function planAttachments(report: Report, recorded: { testId: number | null; outcome: Outcome }[], files: ImportFile[]): AttachPlan {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const uses: Use[] = [];
  const missing: Attachments['missing'] = [];
  const used = new Set<ImportFile>();
  for (const { testId, outcome } of recorded) {
    const taken = new Set<ImportFile>();
    const testcases = new Set(outcome.attempts.map((i) => report.attempts[i].testcase));
    for (const index of outcome.attempts) {
      const attempt = report.attempts[index];
      if (!testcases.delete(attempt.testcase)) continue;
      for (const path of report.attachments.get(attempt.testcase) ?? []) {
        const file = fileNamed(byPath, path);
        if (!file) {
          if (missing.length < MISSING_LISTED) missing.push({ testcase: automationKeyOf(attempt), path });
        } else if (!taken.has(file)) {
          taken.add(file);
          used.add(file);
          uses.push({ testId, file });
        }
      }
    }
  }
  const unused = files.filter((f) => !used.has(f)).map((f) => f.path);
  return { uses, answer: { attached: uses.length, missing, unused } };
}

async function copyBlob(blobs: BlobStore, from: NewAttachment): Promise<NewAttachment> {
  const storageKey = `${from.storageKey.split('/')[0]}/${crypto.randomUUID()}`;
  await blobs.put(storageKey, await blobs.get(from.storageKey));
  return { ...from, storageKey };
}

/**
 * Records the plan's files on the tests' results in the run, inside the import's transaction (507
 * past the organization's quota). A file named by several tests is stored once for each (a record
 * owns its bytes: deleting it deletes them); the copies made are pushed to `copies` as they are
 * made, for the caller to remove if the import fails.
 */
export async function attachFiles(
  tx: Tx,
  storage: AttachmentStorage,
  target: { orgId: number; projectId: number; runId: number; userId: number },
  plan: AttachPlan,
  copies: string[],
): Promise<void> {
  if (plan.uses.length === 0) return;
  const testIds = [...new Set(plan.uses.map((u) => u.testId!))];
  const historyIds = await currentHistoryIds(tx, target.runId, testIds);
  const first = new Set<ImportFile>();
  const rows = [];
  for (const { testId, file } of plan.uses) {
    let stored = file.stored!;
    if (first.has(file)) {
      stored = await copyBlob(storage.blobs, stored);
      copies.push(stored.storageKey);
    }
    first.add(file);
    const { orgId, projectId, runId, userId } = target;
    rows.push({ ...stored, orgId, projectId, runId, testId: testId!, historyId: historyIds.get(testId!) ?? null, createdBy: userId });
  }
  if (storage.quotaBytes > 0) {
    await lockOrgQuota(tx, target.orgId);
    const total = rows.reduce((sum, r) => sum + r.size, 0);
    if ((await orgAttachmentBytes(tx, target.orgId)) + total > storage.quotaBytes) throw quotaExceeded(storage.quotaBytes);
  }
  await insertAttachmentRows(tx, rows);
}

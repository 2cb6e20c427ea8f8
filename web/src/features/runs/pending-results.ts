// Results marked but not yet confirmed by the server, kept in local storage so that neither a
// lost connection, an ended session nor a reload loses them. Plain data and functions, without
// React or the DOM (unit-tested in test/web/unit/pending-results.test.ts); outbox.ts runs them.
//
// Every mark is kept in the order it was made and sent one batch at a time, each batch holding
// at most one mark per test (the earliest unsent one): a test's marks reach the server in order,
// so the latest one is what stays, and its history shows each. A mark is of a whole test or of
// single steps of it (pending-steps.ts): both kinds wait in this one queue, in the order made.
// A batch keeps the Idempotency-Key it was first sent with until the server answers it, so a
// retry of a request whose answer was lost is not applied twice.

import { STATUSES } from '../../lib/status-counts';
import type { DefectLink } from '../../lib/defect-link';
import type { Result, StepResult } from './run-execution';

export interface PendingResult extends Result {
  projectId: number;
  runId: number;
  /** The Idempotency-Key of the request carrying it, once it has been sent. */
  sentAs?: string;
}

export interface Batch {
  key: string;
  projectId: number;
  runId: number;
  results: Result[];
}

/** The largest batch sent at once (the API takes up to 5000 results a request). */
export const MAX_BATCH = 1000;

/** `list` with `result` added last (a mark made after every one already there). */
export function enqueue(list: readonly PendingResult[], result: Omit<PendingResult, 'sentAs'>): PendingResult[] {
  return [...list, { ...result }];
}

/**
 * The next request to send and the list marking its results as sent under its key: the batch
 * already sent and unanswered (again, with the same key and results), else the earliest unsent
 * mark of each test of the first run waiting, up to `max`. Null when nothing waits.
 */
export function takeBatch(list: readonly PendingResult[], newKey: string, max = MAX_BATCH): { list: PendingResult[]; batch: Batch } | null {
  const sent = list.find((r) => r.sentAs !== undefined);
  if (sent) return { list: [...list], batch: batchOf(list, sent.sentAs!) };
  const first = list[0];
  if (!first) return null;
  const taken = new Set<number>();
  // A later mark of a test already in this batch waits for the batch's answer.
  const next = list.map((r) => {
    if (r.runId !== first.runId || taken.has(r.testId) || taken.size >= max) return r;
    taken.add(r.testId);
    return { ...r, sentAs: newKey };
  });
  return { list: next, batch: batchOf(next, newKey) };
}

function batchOf(list: readonly PendingResult[], key: string): Batch {
  const results = list.filter((r) => r.sentAs === key);
  return {
    key,
    projectId: results[0].projectId,
    runId: results[0].runId,
    results: results.map(({ testId, status, comment, defects, stepResults }) => ({
      testId,
      status,
      comment,
      ...(defects?.length ? { defects } : {}),
      ...(stepResults ? { stepResults } : {}),
    })),
  };
}

/** `list` without the batch `key` (the server answered it: stored, or refused for good). */
export function settle(list: readonly PendingResult[], key: string): PendingResult[] {
  return list.filter((r) => r.sentAs !== key);
}

/** The latest waiting mark of each test of a run (what the run shows until the server has it). */
export function latestByTest(list: readonly PendingResult[], runId: number): Map<number, PendingResult> {
  const out = new Map<number, PendingResult>();
  for (const r of list) if (r.runId === runId) out.set(r.testId, r);
  return out;
}

const isStatus = (v: unknown): v is Result['status'] => (STATUSES as readonly unknown[]).includes(v);
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;
const isDefect = (v: unknown): v is DefectLink =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as DefectLink).id === 'string' &&
  ['string', 'object'].includes(typeof (v as DefectLink).url);
const isStepResult = (v: unknown): v is StepResult =>
  typeof v === 'object' &&
  v !== null &&
  isId((v as StepResult).index) &&
  isStatus((v as StepResult).status) &&
  ((v as StepResult).comment == null || typeof (v as StepResult).comment === 'string');

/**
 * A stored mark's step results: undefined for a mark of the whole test, null when they are
 * damaged (the mark is left out whole: sent without them, it would need a status of its own).
 */
function stepResultsOf(v: unknown): StepResult[] | undefined | null {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.length === 0 || !v.every(isStepResult)) return null;
  return v.map(({ index, status, comment }) => ({ index, status, ...(comment ? { comment } : {}) }));
}

/** The stored list, leaving out anything that is not a well-formed mark (an older or damaged entry). */
export function parsePending(text: string | null): PendingResult[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: Partial<Record<keyof PendingResult, unknown>>) => {
    if (!v || typeof v !== 'object' || !isId(v.projectId) || !isId(v.runId) || !isId(v.testId) || !isStatus(v.status)) return [];
    const comment = typeof v.comment === 'string' ? v.comment : null;
    const sentAs = typeof v.sentAs === 'string' && v.sentAs ? v.sentAs : undefined;
    const defects = Array.isArray(v.defects) ? v.defects.filter(isDefect) : [];
    const stepResults = stepResultsOf(v.stepResults);
    if (stepResults === null) return [];
    return [
      {
        projectId: v.projectId,
        runId: v.runId,
        testId: v.testId,
        status: v.status,
        comment,
        ...(defects.length ? { defects } : {}),
        ...(stepResults ? { stepResults } : {}),
        ...(sentAs ? { sentAs } : {}),
      },
    ];
  });
}

/** How long to wait before the `attempt`th retry (1, 2, 4 … 30 s). */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

/**
 * The run's tests as the page shows them: each waiting mark applied (the latest of its test)
 * and flagged `unsent`; tests without one are the same objects.
 */
export function withPending<T extends Result>(tests: readonly T[], pending: ReadonlyMap<number, Result>): (T & { unsent?: true })[] {
  if (pending.size === 0) return tests as T[];
  return tests.map((t) => {
    const r = pending.get(t.testId);
    return r ? { ...t, status: r.status, comment: r.comment, defects: r.defects ?? [], unsent: true as const } : t;
  });
}

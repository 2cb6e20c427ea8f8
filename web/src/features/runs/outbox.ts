import { useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api';
import { isLeavingToSignIn, isSessionEnded, onSessionRestored } from '../../lib/session';
import { applyRefused, applySent, sendResults } from './api/update-test-status';
import { enqueue, parsePending, retryDelay, settle, takeBatch, type PendingResult } from './pending-results';
import type { Result } from './run-execution';

// The marks on their way to the server (pending-results.ts holds the rules): kept in local
// storage, sent one batch at a time, and retried when the connection returns (the online event),
// after a failure the server may recover from (backing off up to 30 s), or once the person has
// signed in again; closing the tab while some wait asks first. Local storage is the one queue
// of the browser: every tab reads it before each change, sees the others' changes (the storage
// event), and sends under one lock (Web Locks, where the page is a secure context), so marks
// made in two tabs are neither overwritten nor sent twice. One per tab, for the tab's whole
// life: leaving the run's page does not stop what it started.

const STORAGE_KEY = 'casebook.pending-results';

/** Why marks wait: being sent, no connection, the session ended, or a failed try to be retried. */
export type OutboxState = 'idle' | 'sending' | 'offline' | 'signed-out' | 'retrying';

export interface OutboxSnapshot {
  list: PendingResult[];
  state: OutboxState;
  /** The last batch the server refused for good (its marks were dropped), and why. */
  refusal: { runId: number; error: unknown } | null;
}

function load(): PendingResult[] {
  try {
    return parsePending(localStorage.getItem(STORAGE_KEY));
  } catch {
    return [];
  }
}

/** Whether local storage holds the queue (else this tab's memory does). */
let stored = true;

function save(list: PendingResult[]) {
  try {
    if (list.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
    else localStorage.removeItem(STORAGE_KEY);
    stored = true;
  } catch {
    // Storage full or refused: the marks still wait in this tab, as they did before storage.
    stored = false;
  }
}

let snapshot: OutboxSnapshot = { list: load(), state: 'idle', refusal: null };

/** The queue as it is now, with what other tabs have written. */
const current = (): PendingResult[] => (stored ? load() : snapshot.list);
const listeners = new Set<() => void>();
let started = false;
let sending = false;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function update(patch: Partial<OutboxSnapshot>) {
  snapshot = { ...snapshot, ...patch };
  if (patch.list) save(patch.list);
  listeners.forEach((l) => l());
}

// Works without a secure context (plain http on a LAN), unlike crypto.randomUUID.
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `results-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A refusal that another try will not change (a 4xx other than the session, a clash or too many requests). */
function refusedForGood(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 409, 429].includes(error.status);
}

/** Runs `send` while no other tab of this browser sends (without Web Locks, at once: a batch sent twice keeps one Idempotency-Key). */
function underSendLock(send: () => Promise<void>): Promise<void> {
  return typeof navigator.locks?.request === 'function' ? navigator.locks.request(STORAGE_KEY, send).then(() => undefined) : send();
}

async function flush(): Promise<void> {
  if (sending) return;
  sending = true;
  try {
    await underSendLock(sendWaiting);
  } finally {
    sending = false;
  }
}

/** Sends batch after batch until nothing waits, or until something stops it (then says what). */
async function sendWaiting(): Promise<void> {
  for (;;) {
    clearTimeout(timer);
    if (isSessionEnded()) return update({ state: 'signed-out' });
    if (!navigator.onLine) return update({ state: 'offline' });
    const taken = takeBatch(current(), newKey());
    if (!taken) return update({ state: 'idle' });
    const { batch } = taken;
    update({ list: taken.list, state: 'sending' });
    try {
      await sendResults(batch);
      applySent(batch);
      attempt = 0;
      update({ list: settle(current(), batch.key) });
    } catch (error) {
      if (refusedForGood(error)) {
        applyRefused(batch, error);
        update({ list: settle(current(), batch.key), refusal: { runId: batch.runId, error } });
        continue;
      }
      // An ended session resumes on sign-in, a lost connection on the online event, the rest after a pause.
      if (error instanceof ApiError && error.status === 401) return update({ state: 'signed-out' });
      if (!navigator.onLine) return update({ state: 'offline' });
      attempt += 1;
      update({ state: 'retrying' });
      timer = setTimeout(() => void flush(), retryDelay(attempt));
      return;
    }
  }
}

function start() {
  if (started) return;
  started = true;
  const retryNow = () => {
    attempt = 0;
    void flush();
  };
  window.addEventListener('online', retryNow);
  window.addEventListener('offline', () => {
    if (snapshot.state !== 'sending') update({ state: 'offline' });
  });
  onSessionRestored(retryNow);
  // Another tab changed the queue: show it (that tab sends what it queued).
  window.addEventListener('storage', (e) => {
    if (e.storageArea !== localStorage || (e.key !== STORAGE_KEY && e.key !== null)) return;
    snapshot = { ...snapshot, list: load() };
    listeners.forEach((l) => l());
  });
  window.addEventListener('beforeunload', (e) => {
    if (snapshot.list.length === 0 || isLeavingToSignIn()) return;
    e.preventDefault();
    // Older browsers ask only when returnValue is set.
    e.returnValue = '';
  });
  void flush();
}

/** Queues marks of a run (they show at once) and sends them as soon as it can. */
export function addResults(projectId: number, runId: number, results: readonly Result[]) {
  start();
  let list = current();
  for (const r of results) list = enqueue(list, { projectId, runId, ...r });
  update({ list, refusal: null });
  void flush();
}

function subscribe(listener: () => void) {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The outbox as it is now (re-rendering on every change). */
export const useOutbox = () => useSyncExternalStore(subscribe, () => snapshot);

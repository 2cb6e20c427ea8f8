import { useSyncExternalStore } from 'react';

// Whether the browser's session still holds, learnt from the API's answers (api.ts): a 401
// `unauthorized` after the session has worked means it ended under the page (expired, signed
// out elsewhere). The page then keeps what it has not sent and asks to sign in again in place
// (the auth feature's dialog); whatever waited for the session resumes once it is back.

let worked = false;
let ended = false;
let leaving = false;
// Counts the asks to sign in again (the dialog opens on each, also after being dismissed).
let asks = 0;
const listeners = new Set<() => void>();
const restored = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** The login page, coming back to this page afterwards. */
export const signInUrl = () => `/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`;

/** An API answer other than 401: the session works. */
export function sessionWorks(): void {
  worked = true;
}

/** A 401 `unauthorized`. Before anything worked this page never had a session: straight to the login page. */
export function sessionEnded(): void {
  if (!worked) {
    window.location.assign(signInUrl());
    return;
  }
  if (ended) return;
  ended = true;
  asks += 1;
  notify();
}

/** Signed in again in place: every waiting writer sends what it kept. */
export function sessionRestored(): void {
  if (!ended) return;
  ended = false;
  notify();
  restored.forEach((cb) => cb());
}

export const isSessionEnded = () => ended;

/** Asks again to sign in (the "Sign in again" button beside what waits). */
export function openSignIn(): void {
  asks += 1;
  notify();
}

/** Calls `cb` each time the session is back after it ended. */
export function onSessionRestored(cb: () => void): () => void {
  restored.add(cb);
  return () => restored.delete(cb);
}

/** Going to the login page on purpose: what is unsent stays in local storage, so no "leave?" prompt. */
export function leaveToSignIn(): void {
  leaving = true;
  window.location.assign(signInUrl());
}

export const isLeavingToSignIn = () => leaving;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the session has ended, and the number of the last ask to sign in again. */
export const useSessionEnded = () => ({
  ended: useSyncExternalStore(subscribe, isSessionEnded),
  ask: useSyncExternalStore(subscribe, () => asks),
});

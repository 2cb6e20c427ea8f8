import { useEffect, useRef, useState } from 'react';
import './toast.css';

/** What a toast says, and the one thing it offers to do (e.g. Undo). */
export interface ToastMessage {
  /** A new id shows a new toast and restarts its time, even with the same text. */
  id: number;
  text: string;
  action?: { label: string; onAction: () => void };
}

/** How long a toast stays: at least 10 s, so its action can be reached from the keyboard. */
export const TOAST_MS = 15_000;

/**
 * A short message at the foot of the screen, announced politely (role="status": the live region is
 * always in the page, so its text is announced when it changes), with an optional action button and
 * a Dismiss button. It stays `duration` ms, and never goes while the pointer is over it or focus is
 * in it. Owners keep it mounted and pass `toast` (null: nothing shown); `onDismiss` clears it.
 */
export function Toast({ toast, onDismiss, duration = TOAST_MS }: { toast: ToastMessage | null; onDismiss: () => void; duration?: number }) {
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const paused = held.pointer || held.focus;
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });
  const id = toast?.id;
  useEffect(() => {
    if (id === undefined || paused) return;
    const timer = window.setTimeout(() => dismissRef.current(), duration);
    return () => window.clearTimeout(timer);
  }, [id, paused, duration]);
  return (
    <div
      className="toast-region"
      role="status"
      aria-live="polite"
      onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld((h) => ({ ...h, focus: false }));
      }}
    >
      {toast && (
        <div className="toast" key={toast.id}>
          <span className="toast-text">{toast.text}</span>
          {toast.action && (
            <button type="button" className="button" onClick={toast.action.onAction}>
              {toast.action.label}
            </button>
          )}
          <button type="button" className="button secondary" aria-label="Dismiss" onClick={onDismiss}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}

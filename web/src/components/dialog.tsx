import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

/**
 * A modal <dialog>, shown while `open`: the browser traps focus inside, closes it on Escape and
 * gives focus back to where it was; `onClose` keeps the owner's state in step. Owners keep it
 * mounted and switch `open` (closing through close() is what gives focus back); its content is
 * rendered only while open, so a form inside starts afresh each time.
 */
export function Dialog({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {open && children}
    </dialog>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';

/** A modal <dialog> open while mounted: focus is trapped and Escape closes it (onClose). */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="catalog-dialog" aria-labelledby="catalog-dialog-title" onClose={onClose}>
      <h2 id="catalog-dialog-title">{title}</h2>
      {children}
    </dialog>
  );
}

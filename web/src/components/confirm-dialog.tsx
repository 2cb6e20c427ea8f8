import type { ReactNode } from 'react';
import { Dialog } from './dialog';

interface Props {
  open: boolean;
  title: string;
  /** What the action does, shown above the buttons. */
  children: ReactNode;
  /** The confirming button's text. */
  confirmLabel?: string;
  /** Drawn as a destructive action (the default): deleting is; locking a run is not. */
  danger?: boolean;
  /** While the action runs, its button is disabled, so one click does it once. */
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that is hard to undo: what it does, then the action's button and Cancel. */
export function ConfirmDialog({ open, title, children, confirmLabel = 'Delete', danger = true, pending, onConfirm, onClose }: Props) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {children}
      <div className="button-row">
        <button type="button" className={danger ? 'button danger' : 'button'} disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

import { useState, type ReactNode } from 'react';
import type { Side } from '../lib/merge-fields';
import { Dialog } from './dialog';
import './edit-conflict.css';

export interface ConflictRow {
  field: string;
  label: string;
  /** The value as the person typed it, and as the other save left it, shown as text. */
  mine: ReactNode;
  theirs: ReactNode;
}

interface Props {
  open: boolean;
  /** What was being edited, e.g. "test" or "run". */
  what: string;
  /** The fields whose two versions differ; the others are the same in both. */
  rows: ConflictRow[];
  pending: boolean;
  /** The person's choice per field: `mine` saves their value over the other one. */
  onResolve: (choice: Record<string, Side>) => void;
  /** Closed without choosing: the edits stay in the form, unsaved. */
  onClose: () => void;
}

/** The rows of a conflict between two versions of plain text fields (a run's or a project's name and description). */
export function textConflictRows<F extends Record<string, string | null>>(
  conflict: { fields: (keyof F & string)[]; mine: F; theirs: { values: F } },
  labels: Record<keyof F, string>,
): ConflictRow[] {
  return conflict.fields.map((field) => ({
    field,
    label: labels[field],
    mine: conflict.mine[field] ?? '',
    theirs: conflict.theirs.values[field] ?? '',
  }));
}

const shown = (value: ReactNode) =>
  value === '' || value === null || value === undefined ? <span className="muted">(empty)</span> : value;

/**
 * A save met someone else's: both versions, field by field, and the choice between them — keep
 * mine (save over theirs), take theirs (drop my edits), or pick per field and save that.
 */
export function EditConflict({ open, what, rows, pending, onResolve, onClose }: Props) {
  const [choice, setChoice] = useState<Record<string, Side>>({});
  const sideOf = (field: string): Side => choice[field] ?? 'mine';
  const all = (side: Side) => Object.fromEntries(rows.map((row) => [row.field, side]));
  return (
    <Dialog open={open} title={`Someone else saved this ${what} meanwhile`} onClose={onClose}>
      <p>
        Your changes are not saved yet. Below are yours and theirs for each field that differs; every other field is the same in both.
        Choose what to keep.
      </p>
      <div className="edit-conflict">
        {rows.map((row) => (
          <fieldset key={row.field} className="conflict-field">
            <legend>{row.label}</legend>
            {(['mine', 'theirs'] as const).map((side) => (
              <label key={side} className="conflict-choice">
                <input
                  type="radio"
                  name={`conflict-${row.field}`}
                  value={side}
                  checked={sideOf(row.field) === side}
                  onChange={() => setChoice((c) => ({ ...c, [row.field]: side }))}
                />
                <span className="conflict-side">{side === 'mine' ? 'Yours' : 'Theirs'}</span>
                <bdi className="conflict-value" dir="auto">
                  {shown(side === 'mine' ? row.mine : row.theirs)}
                </bdi>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <div className="button-row">
        <button type="button" className="button" disabled={pending} onClick={() => onResolve(all('mine'))}>
          Keep mine
        </button>
        <button type="button" className="button secondary" disabled={pending} onClick={() => onResolve(all('theirs'))}>
          Take theirs
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={pending}
          onClick={() => onResolve(Object.fromEntries(rows.map((row) => [row.field, sideOf(row.field)])))}
        >
          Save my choice per field
        </button>
      </div>
    </Dialog>
  );
}

import { useState } from 'react';

interface Props {
  /** Saves the defect; the reason it is refused, else null. */
  onSave: (text: string) => string | null;
  /** Closes the box (after a save, or Esc), back to the list. */
  onClose: () => void;
}

/** The `d` box: one line for a defect id or link; Enter saves it to the current result, Esc cancels. */
export function DefectBox({ onSave, onClose }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="run-defect-box">
      <label htmlFor="run-defect">Link a defect</label>
      <input
        id="run-defect"
        type="text"
        value={text}
        // The box opens on the `d` key, to be typed in at once.
        autoFocus
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        placeholder="SHOP-123, #45 or a link"
        aria-describedby="run-defect-hint"
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onClose();
          } else if (e.key === 'Enter') {
            e.preventDefault();
            const refused = onSave(text);
            if (refused) setError(refused);
            else onClose();
          }
        }}
      />
      <p id="run-defect-hint" className={error ? 'run-hint run-defect-error' : 'muted run-hint'} role={error ? 'alert' : undefined}>
        {error ?? 'Enter links it to this result (its status and comment stay); Esc cancels.'}
      </p>
    </div>
  );
}

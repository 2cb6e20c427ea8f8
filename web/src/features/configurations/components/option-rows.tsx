import { useRef, useState, type KeyboardEvent } from 'react';
import { moveRow, parseOptions, type OptionRow } from '../option-list';

interface Props {
  idPrefix: string;
  rows: OptionRow[];
  onChange: (rows: OptionRow[]) => void;
}

/** A group's options as rows: each renamed in place, moved up or down, removed; new ones added at the end. */
export function OptionRows({ idPrefix, rows, onChange }: Props) {
  const [newName, setNewName] = useState('');
  const nextKey = useRef(0);
  const set = (index: number, name: string) => onChange(rows.map((r, i) => (i === index ? { ...r, name } : r)));
  const add = () => {
    const names = parseOptions(newName);
    if (names.length === 0) return;
    onChange([...rows, ...names.map((name) => ({ key: `new${nextKey.current++}`, name }))]);
    setNewName('');
  };
  const addOnEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };
  const label = (r: OptionRow, i: number) => r.name.trim() || `option ${i + 1}`;
  return (
    <fieldset className="field">
      <legend>Options, in order</legend>
      <ol className="option-rows">
        {rows.map((r, i) => (
          <li key={r.key} className="option-row">
            <input
              id={`${idPrefix}-option-${r.key}`}
              aria-label={`Option ${i + 1}`}
              value={r.name}
              maxLength={100}
              onChange={(e) => set(i, e.target.value)}
            />
            <button
              type="button"
              className="button small secondary"
              aria-label={`Move ${label(r, i)} up`}
              disabled={i === 0}
              onClick={() => onChange(moveRow(rows, i, -1))}
            >
              ↑
            </button>
            <button
              type="button"
              className="button small secondary"
              aria-label={`Move ${label(r, i)} down`}
              disabled={i === rows.length - 1}
              onClick={() => onChange(moveRow(rows, i, 1))}
            >
              ↓
            </button>
            <button
              type="button"
              className="button small secondary"
              aria-label={`Remove ${label(r, i)}`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <div className="option-add">
        <label htmlFor={`${idPrefix}-new-option`}>New option</label>
        <input
          id={`${idPrefix}-new-option`}
          value={newName}
          maxLength={100}
          onChange={(e) => setNewName(e.target.value)}
          onKeyDown={addOnEnter}
        />
        <button type="button" className="button small secondary" onClick={add}>
          Add option
        </button>
      </div>
    </fieldset>
  );
}

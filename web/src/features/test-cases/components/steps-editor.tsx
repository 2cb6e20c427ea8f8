import { useState } from 'react';
import { useSharedSteps } from '../api/get-shared-steps';
import { emptyStep, MAX_STEPS, moveStep, stepsFromText, textFromSteps, type EditStep } from '../steps-list';

interface Props {
  projectId: number;
  /** Text steps as typed; shown while `list` is null. */
  text: string;
  list: EditStep[] | null;
  readOnly: boolean;
  onText: (text: string) => void;
  onList: (list: EditStep[] | null) => void;
  /** Whether steps may be shared steps (not inside shared steps themselves). */
  allowShared?: boolean;
  id?: string;
}

/**
 * A test's steps: one text, or a list of steps (action, expected result, data) that can be added,
 * removed and moved, with shared steps inserted as one step; switching converts one into the other.
 */
export function StepsEditor({ projectId, text, list, readOnly, onText, onList, allowShared = true, id = 'test-steps' }: Props) {
  const shared = useSharedSteps(projectId, allowShared && !readOnly);
  const [pick, setPick] = useState('');
  if (list === null)
    return (
      <div className="field">
        <label htmlFor={id}>Steps</label>
        <textarea id={id} rows={8} value={text} readOnly={readOnly} onChange={(e) => onText(e.target.value)} />
        {!readOnly && (
          <button
            type="button"
            className="button secondary steps-switch"
            onClick={() => onList(text ? stepsFromText(text) : [emptyStep()])}
          >
            Switch to a list of steps
          </button>
        )}
      </div>
    );
  const change = (i: number, patch: Partial<{ action: string; expected: string; data: string }>) =>
    onList(list.map((s, j) => (j === i && !('sharedStepsId' in s) ? { ...s, ...patch } : s)));
  const options = (shared.data ?? []).filter(() => allowShared);
  return (
    <fieldset className="steps-editor">
      <legend>Steps</legend>
      {list.length === 0 && <p className="muted">No steps.</p>}
      <ol className="steps-list">
        {list.map((s, i) => (
          <li key={i} className="steps-item">
            <span className="steps-number" aria-hidden="true">
              {i + 1}.
            </span>
            {'sharedStepsId' in s ? (
              <p className="steps-shared">
                Shared steps: <bdi>{s.name}</bdi>
              </p>
            ) : readOnly ? (
              <div className="steps-read">
                <p>{s.action}</p>
                {s.data && <p className="muted">Data: {s.data}</p>}
                {s.expected && <p className="muted">Expected: {s.expected}</p>}
              </div>
            ) : (
              <div className="steps-fields">
                {(['action', 'expected', 'data'] as const).map((f) => (
                  <label key={f}>
                    <span>{f === 'action' ? `Step ${i + 1}` : f === 'expected' ? 'Expected' : 'Data'}</span>
                    <input value={s[f]} aria-required={f === 'action' || undefined} onChange={(e) => change(i, { [f]: e.target.value })} />
                  </label>
                ))}
              </div>
            )}
            {!readOnly && (
              <div className="steps-buttons">
                <button
                  type="button"
                  className="button secondary"
                  aria-label={`Move step ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => onList(moveStep(list, i, i - 1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button secondary"
                  aria-label={`Move step ${i + 1} down`}
                  disabled={i === list.length - 1}
                  onClick={() => onList(moveStep(list, i, i + 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button secondary"
                  aria-label={`Remove step ${i + 1}`}
                  onClick={() => onList(list.filter((_, j) => j !== i))}
                >
                  ✕
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {!readOnly && (
        <div className="steps-actions">
          <button
            type="button"
            className="button secondary"
            disabled={list.length >= MAX_STEPS}
            onClick={() => onList([...list, emptyStep()])}
          >
            Add step
          </button>
          {options.length > 0 && (
            <span className="steps-insert">
              <label htmlFor={`${id}-shared`}>Shared steps</label>
              <select id={`${id}-shared`} value={pick} onChange={(e) => setPick(e.target.value)}>
                <option value="">Choose…</option>
                {options.map((o) => (
                  <option key={o.sharedStepsId} value={o.sharedStepsId}>
                    {o.name}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="button secondary"
                disabled={!pick || list.length >= MAX_STEPS}
                onClick={() => {
                  const o = options.find((x) => String(x.sharedStepsId) === pick)!;
                  onList([...list, { sharedStepsId: o.sharedStepsId, name: o.name }]);
                  setPick('');
                }}
              >
                Insert
              </button>
            </span>
          )}
          {allowShared && (
            <button type="button" className="button secondary" onClick={() => (onText(textFromSteps(list)), onList(null))}>
              Switch to text
            </button>
          )}
        </div>
      )}
    </fieldset>
  );
}

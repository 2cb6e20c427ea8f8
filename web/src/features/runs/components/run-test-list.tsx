import type { MouseEvent } from 'react';
import type { RunTest } from '../api/get-run-tests';
import type { Group } from '../run-execution';
import { StatusBadge } from './status-badge';

interface Props {
  groups: Group<RunTest>[];
  currentId: number | null;
  selected: ReadonlySet<number>;
  /** Checkboxes show only to those who may set results on an open run. */
  selectable: boolean;
  onOpen: (testId: number) => void;
  onCheck: (testId: number, shift: boolean) => void;
}

/**
 * The run's tests by section. One row at a time is current (roving tabindex: Tab enters the list
 * at the current row, j/k and arrows move, handled by the page).
 */
export function RunTestList({ groups, currentId, selected, selectable, onOpen, onCheck }: Props) {
  return (
    <div className="run-tests">
      {groups.map((group) => (
        <section key={group.path ?? ''} className="run-group" aria-label={group.path ?? 'No section'}>
          <h2 className="run-group-title">
            {group.path ?? 'No section'} <span className="muted">({group.tests.length})</span>
          </h2>
          <ul>
            {group.tests.map((t) => {
              const current = t.testId === currentId;
              return (
                <li key={t.testId} className="run-row" data-current={current || undefined} data-selected={selected.has(t.testId) || undefined}>
                  {selectable && (
                    <input
                      type="checkbox"
                      aria-label={`Check ${t.title}`}
                      checked={selected.has(t.testId)}
                      onChange={() => undefined}
                      onClick={(e: MouseEvent<HTMLInputElement>) => onCheck(t.testId, e.shiftKey)}
                    />
                  )}
                  <button
                    type="button"
                    className="run-row-main"
                    data-test-row={t.testId}
                    aria-current={current || undefined}
                    tabIndex={current ? 0 : -1}
                    onClick={() => onOpen(t.testId)}
                    onFocus={() => onOpen(t.testId)}
                  >
                    <span className="run-row-title">
                      {t.title}
                      {t.deleted && <span className="muted"> (deleted from the catalog)</span>}
                    </span>
                    <StatusBadge status={t.status} />
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

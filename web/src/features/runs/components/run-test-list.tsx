import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, type MouseEvent } from 'react';
import type { RunTest } from '../api/get-run-tests';
import type { Group } from '../run-execution';
import { StatusBadge } from '../../../components/status-badge';
import { DefectLinks } from '../../../components/defect-links';

interface Props {
  groups: Group<RunTest>[];
  currentId: number | null;
  selected: ReadonlySet<number>;
  /** Checkboxes show only to those who may set results on an open run. */
  selectable: boolean;
  /** Changes when the current row should take focus (a keyboard move). */
  focusRequest: number;
  onOpen: (testId: number) => void;
  onCheck: (testId: number, shift: boolean) => void;
  /** Rows another tester marked while this screen was open: test id → their name. */
  markedBy?: ReadonlyMap<number, string>;
  /** Names of the people tests are assigned to, by user id. */
  names?: ReadonlyMap<number, string>;
}

interface RowProps {
  test: RunTest;
  current: boolean;
  checked: boolean;
  /** The last row of its section (closes the section's box). */
  last: boolean;
  selectable: boolean;
  /** Who else marked it, live. */
  by?: string;
  /** Who it is assigned to. */
  assignee?: string;
  onOpen: (testId: number) => void;
  onCheck: (testId: number, shift: boolean) => void;
}

// Memoized: a mark replaces one test object (the others keep theirs) and a move changes two
// rows' `current`, so a run of thousands re-renders only the rows that changed.
const RunTestRow = memo(function RunTestRow({ test: t, current, checked, last, selectable, by, assignee, onOpen, onCheck }: RowProps) {
  return (
    <div className="run-row" data-current={current || undefined} data-selected={checked || undefined} data-last={last || undefined}>
      {selectable && (
        <input
          type="checkbox"
          aria-label={`Check ${t.title}`}
          checked={checked}
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
          <bdi>{t.title}</bdi>
          {t.deleted && <span className="muted"> (deleted from the catalog)</span>}
          {by && (
            <span className="run-row-by">
              marked by <bdi>{by}</bdi>
            </span>
          )}
        </span>
        {t.attachmentCount > 0 && (
          <span className="run-row-files" title={`Files: ${t.attachmentCount}`}>
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
              <path
                d="M10.5 4.5 5.6 9.4a1.4 1.4 0 0 0 2 2l5-5a2.8 2.8 0 0 0-4-4l-5 5a4.2 4.2 0 0 0 6 6l4.4-4.4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.4"
              />
            </svg>
            {t.attachmentCount}
            <span className="sr-only"> {t.attachmentCount === 1 ? 'file' : 'files'}</span>
          </span>
        )}
        {assignee && (
          <span className="run-row-assignee" title={`Assigned to ${assignee}`}>
            <span className="sr-only">Assigned to </span>
            <bdi>{assignee}</bdi>
          </span>
        )}
        {t.unsent && <span className="run-row-unsent">Not sent</span>}
        <StatusBadge status={t.status} />
      </button>
      {/* Outside the row's button: a link may not sit inside one. */}
      {t.defects.length > 0 && (
        <span className="run-row-defects">
          <DefectLinks defects={t.defects} max={2} label={`Defects of ${t.title}`} />
        </span>
      )}
    </div>
  );
});

type Item = { kind: 'header'; path: string | null; count: number } | { kind: 'row'; test: RunTest; last: boolean };

/**
 * The run's tests by section as one virtual list: only the rows in view are in the DOM, so a run
 * of 20,000 tests moves and marks like one of 20. One row at a time is current (roving tabindex:
 * Tab enters the list at the current row; j/k and arrows, handled by the page, move it and ask
 * for focus through `focusRequest`).
 */
export function RunTestList({ groups, currentId, selected, selectable, focusRequest, onOpen, onCheck, markedBy, names }: Props) {
  // Stable callbacks for the memoized rows, calling the page's latest handlers.
  const latest = useRef({ onOpen, onCheck });
  latest.current = { onOpen, onCheck };
  const open = useCallback((id: number) => latest.current.onOpen(id), []);
  const check = useCallback((id: number, shift: boolean) => latest.current.onCheck(id, shift), []);

  const items = useMemo(
    () =>
      groups.flatMap((g): Item[] => [
        { kind: 'header', path: g.path, count: g.tests.length },
        ...g.tests.map((test, i) => ({ kind: 'row' as const, test, last: i === g.tests.length - 1 })),
      ]),
    [groups],
  );
  const indexOf = useMemo(() => new Map(items.flatMap((it, i) => (it.kind === 'row' ? [[it.test.testId, i] as const] : []))), [items]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- useVirtualizer is the documented case: its functions must not be memoized, so the compiler skips this component (the app is not compiled by it anyway)
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (items[i]?.kind === 'header' ? 40 : 42),
    getItemKey: (i) => {
      const it = items[i];
      return it.kind === 'header' ? `section:${it.path ?? ''}` : it.test.testId;
    },
    overscan: 12,
  });

  // Keyboard moves: bring the current row into view, then focus it once it is rendered.
  useEffect(() => {
    if (!focusRequest || currentId === null) return;
    const index = indexOf.get(currentId);
    if (index === undefined) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    let frames = 0;
    let raf = 0;
    const tryFocus = () => {
      const el = scrollRef.current?.querySelector<HTMLElement>(`[data-test-row="${currentId}"]`);
      if (el) el.focus({ preventScroll: true });
      else if (frames++ < 10) raf = requestAnimationFrame(tryFocus);
    };
    tryFocus();
    return () => cancelAnimationFrame(raf);
    // Only a new request moves focus; re-renders of the same request must not steal it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  return (
    <div ref={scrollRef} className="run-scroll">
      <div className="run-tests" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((v) => {
          const it = items[v.index];
          return (
            <div
              key={v.key}
              ref={virtualizer.measureElement}
              data-index={v.index}
              className="run-item"
              style={{ transform: `translateY(${v.start}px)` }}
            >
              {it.kind === 'header' ? (
                <h2 className="run-group-title">
                  <bdi>{it.path ?? 'No section'}</bdi> <span className="muted">({it.count})</span>
                </h2>
              ) : (
                <RunTestRow
                  test={it.test}
                  last={it.last}
                  current={it.test.testId === currentId}
                  checked={selected.has(it.test.testId)}
                  selectable={selectable}
                  by={markedBy?.get(it.test.testId)}
                  assignee={it.test.assigneeId == null ? undefined : (names?.get(it.test.assigneeId) ?? `User ${it.test.assigneeId}`)}
                  onOpen={open}
                  onCheck={check}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CATEGORY_HINTS, CATEGORY_LABELS, COMPARE_CATEGORIES, type CompareCategory } from '../compare-categories';

interface Props {
  totals: Record<CompareCategory, number>;
  selected: CompareCategory;
  onSelect: (category: CompareCategory) => void;
  /** The selected category's tests. */
  children: ReactNode;
}

const tabId = (c: CompareCategory) => `compare-tab-${c}`;

/**
 * The categories as tabs with their counts, then the selected one's panel. One tab is in the
 * tab order; the arrow keys, Home and End move between them and select as they go.
 */
export function CategoryTabs({ totals, selected, onSelect, children }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent) => {
    const at = COMPARE_CATEGORIES.indexOf(selected);
    const last = COMPARE_CATEGORIES.length - 1;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = COMPARE_CATEGORIES[(to + last + 1) % (last + 1)];
    onSelect(next);
    list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label="Changes by category" className="compare-tabs" ref={list} onKeyDown={move}>
        {COMPARE_CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            id={tabId(c)}
            aria-selected={c === selected}
            aria-controls="compare-panel"
            tabIndex={c === selected ? 0 : -1}
            className="compare-tab"
            data-category={c}
            data-empty={totals[c] === 0 || undefined}
            onClick={() => onSelect(c)}
          >
            {CATEGORY_LABELS[c]} <span className="compare-count">{totals[c]}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id="compare-panel" aria-labelledby={tabId(selected)} className="compare-panel">
        <p className="muted compare-hint">{CATEGORY_HINTS[selected]}</p>
        {children}
      </div>
    </>
  );
}

import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

const TABS = [
  ['details', 'Details'],
  ['history', 'History'],
] as const;
type Tab = (typeof TABS)[number][0];
const tabId = (tab: Tab) => `test-case-tab-${tab}`;

/**
 * The test case's Details and History as tabs; the address keeps the tab (?tab=history), so it can
 * be linked and survives a reload. One tab is in the tab order; arrows, Home and End move and
 * select. Details stays mounted while History shows, so unsaved edits in its form are kept.
 */
export function TestCaseTabs({ details, history }: { details: ReactNode; history: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const list = useRef<HTMLDivElement>(null);
  const selected: Tab = params.get('tab') === 'history' ? 'history' : 'details';
  const select = (tab: Tab) =>
    setParams(
      (p) => {
        if (tab === 'details') p.delete('tab');
        else p.set('tab', tab);
        return p;
      },
      { replace: true },
    );
  const move = (e: KeyboardEvent) => {
    const at = TABS.findIndex(([t]) => t === selected);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const [next] = TABS[(to + TABS.length) % TABS.length];
    select(next);
    list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label="Test case" className="test-case-tabs" ref={list} onKeyDown={move}>
        {TABS.map(([tab, label]) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={tab === selected}
            aria-controls={`${tabId(tab)}-panel`}
            tabIndex={tab === selected ? 0 : -1}
            className="test-case-tab"
            onClick={() => select(tab)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabId('details')}-panel`} aria-labelledby={tabId('details')} hidden={selected !== 'details'}>
        {details}
      </div>
      <div
        role="tabpanel"
        id={`${tabId('history')}-panel`}
        aria-labelledby={tabId('history')}
        className="test-case-history"
        hidden={selected !== 'history'}
      >
        {selected === 'history' && history}
      </div>
    </>
  );
}

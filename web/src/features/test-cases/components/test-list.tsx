import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { useLookup, type Section } from '../../project-metadata';
import { TESTS_PAGE_SIZE, testsPageQueryOptions, useFirstTestsPage, type TestFilters, type TestRow } from '../api/get-tests';
import type { TestOrder, TestSort } from '../catalog-order';
import { isSelected, pagesCovering, rangeBounds, selectRange, toggle, type Selection } from '../catalog-selection';
import { sectionPathNames } from '../section-tree';
import { SectionPath } from './section-path';
import { TestListHead } from './test-list-head';

const ROW_HEIGHT = 48;

interface Props {
  projectId: number;
  filters: TestFilters;
  order: TestOrder;
  onSort: (sort: TestSort) => void;
  sections: Section[];
  /** Absent for a Reader: no checkboxes. */
  selection?: { value: Selection; set: (update: (s: Selection) => Selection) => void };
  onTotal: (total: number | undefined) => void;
}

/**
 * The matching tests as a virtual list: only the rows in view are in the DOM, and only the pages
 * (TESTS_PAGE_SIZE rows) under them are fetched, so 20,000 tests scroll like 20.
 */
export function TestList({ projectId, filters, order, onSort, sections, selection, onTotal }: Props) {
  const qc = useQueryClient();
  const scrollRef = useRef<HTMLDivElement>(null);
  const first = useFirstTestsPage(projectId, filters, order);
  const total = first.data?.total ?? 0;
  useEffect(() => onTotal(first.isPlaceholderData ? undefined : first.data?.total), [first.data?.total, first.isPlaceholderData, onTotal]);

  // eslint-disable-next-line react-hooks/incompatible-library -- useVirtualizer is the documented case: its functions must not be memoized, so the compiler skips this component (the app is not compiled by it anyway)
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const filtersKey = JSON.stringify([filters, order]);
  useEffect(() => virtualizer.scrollToOffset(0), [filtersKey, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const pages = [...new Set(items.map((i) => Math.floor(i.index / TESTS_PAGE_SIZE)))].filter((p) => p > 0);
  const later = useQueries({ queries: pages.map((p) => testsPageQueryOptions(projectId, filters, p, order)) });
  const laterError = later.find((q) => q.error)?.error;

  // Reading `data` here also subscribes this list to each page's arrival.
  const loaded = new Map(later.map((q, i) => [pages[i], q.data]));
  const rowAt = (index: number): TestRow | undefined => {
    const page = Math.floor(index / TESTS_PAGE_SIZE);
    const data =
      page === 0 ? first.data : (loaded.get(page) ?? qc.getQueryData(testsPageQueryOptions(projectId, filters, page, order).queryKey));
    return data?.tests[index % TESTS_PAGE_SIZE];
  };

  const priorities = useLookup('priority', projectId);
  const names = useMemo(
    () => ({
      priority: new Map(priorities.data?.map((p) => [p.id, p.name])),
      // The whole path: a leaf name alone ("Happy path") is often ambiguous.
      section: new Map(sections.map((s) => [s.sectionId, sectionPathNames(sections, s.sectionId)])),
    }),
    [priorities.data, sections],
  );

  const [rangeError, setRangeError] = useState<unknown>(null);
  const onCheck = async (e: MouseEvent<HTMLInputElement>, index: number, testId: number) => {
    if (!selection) return;
    setRangeError(null);
    if (!e.shiftKey) return selection.set((s) => toggle(s, index, testId));
    // A range may reach rows never scrolled into view: load their pages first.
    const [from, to] = rangeBounds(selection.value, index);
    try {
      await Promise.all(
        pagesCovering(from, to, TESTS_PAGE_SIZE).map((p) => qc.ensureQueryData(testsPageQueryOptions(projectId, filters, p, order))),
      );
      selection.set((s) => selectRange(s, index, (i) => rowAt(i)?.testId));
    } catch (error) {
      setRangeError(error);
    }
  };

  return (
    <div className="test-list">
      <ErrorMessage error={first.error ?? laterError ?? rangeError} />
      {first.isPending && <p className="muted">Loading tests…</p>}
      {first.data && total === 0 && <p className="muted">No tests match.</p>}
      <div
        ref={scrollRef}
        className="test-scroll"
        hidden={total === 0}
        tabIndex={0}
        aria-label="Tests"
        role="region"
        aria-busy={first.isFetching}
      >
        <div role="table" aria-label="Tests" aria-rowcount={total + 1} className={selection ? 'test-table selectable' : 'test-table'}>
          <TestListHead order={order} onSort={onSort} selectable={Boolean(selection)} />
          <div role="rowgroup" className="test-body" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const test = rowAt(item.index);
              return (
                <div
                  role="row"
                  key={item.key}
                  className="test-row"
                  style={{ transform: `translateY(${item.start}px)`, height: item.size }}
                  aria-rowindex={item.index + 2}
                >
                  {test ? (
                    <>
                      {selection && (
                        <span role="cell" className="col-check">
                          <input
                            type="checkbox"
                            aria-label={`Select ${test.title}`}
                            checked={isSelected(selection.value, test.testId)}
                            onChange={() => undefined}
                            onClick={(e) => void onCheck(e, item.index, test.testId)}
                          />
                        </span>
                      )}
                      <span role="cell" className="col-testId">
                        {test.testId}
                      </span>
                      <span role="cell" className="col-title">
                        <Link className="test-title" dir="auto" to={`/projects/${projectId}/tests/${test.testId}`}>
                          {test.title}
                        </Link>
                        {test.sectionId !== null && (
                          <SectionPath className="muted section-path" names={names.section.get(test.sectionId) ?? []} />
                        )}
                      </span>
                      <span role="cell" className="col-priority">
                        {test.priorityId !== null && <bdi className="tag">{names.priority.get(test.priorityId)}</bdi>}
                      </span>
                      <span role="cell" className="col-updatedAt">
                        <time dateTime={test.updatedAt} title={new Date(test.updatedAt).toLocaleString()}>
                          {new Date(test.updatedAt).toLocaleDateString()}
                        </time>
                      </span>
                    </>
                  ) : (
                    <span role="cell" className="muted">
                      Loading…
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

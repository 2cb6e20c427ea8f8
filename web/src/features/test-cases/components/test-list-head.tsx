import { ariaSort, SORT_COLUMNS, type TestOrder, type TestSort } from '../catalog-order';

/**
 * The list's header row: a button per sortable column (ID, title, priority, last change), each
 * header's aria-sort saying which one orders the list and which way.
 */
export function TestListHead({ order, onSort, selectable }: { order: TestOrder; onSort: (sort: TestSort) => void; selectable: boolean }) {
  return (
    <div role="rowgroup" className="test-head">
      <div role="row" className="test-row" aria-rowindex={1}>
        {selectable && (
          <span role="columnheader" className="col-check">
            <span className="sr-only">Selected</span>
          </span>
        )}
        {SORT_COLUMNS.map(({ sort, label }) => {
          const state = ariaSort(order, sort);
          return (
            <span key={sort} role="columnheader" className={`col-${sort}`} aria-sort={state}>
              <button type="button" className="sort-button" onClick={() => onSort(sort)}>
                {label}
                <span className="sort-mark" aria-hidden="true">
                  {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
                </span>
              </button>
            </span>
          );
        })}
      </div>
    </div>
  );
}

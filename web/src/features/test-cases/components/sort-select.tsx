import { useId } from 'react';
import { SORT_COLUMNS, type SortOrder, type TestOrder, type TestSort } from '../catalog-order';

/** Which way each column runs, in words. */
const DIRECTIONS: Record<TestSort, Record<SortOrder, string>> = {
  testId: { asc: 'lowest first', desc: 'highest first' },
  title: { asc: 'A to Z', desc: 'Z to A' },
  priority: { asc: 'as the priority list', desc: 'reversed' },
  updatedAt: { asc: 'oldest first', desc: 'newest first' },
};
const OPTIONS = SORT_COLUMNS.flatMap(({ sort, label }) =>
  (['asc', 'desc'] as const).map((order) => ({ value: `${sort}:${order}`, text: `${label}, ${DIRECTIONS[sort][order]}` })),
);

/**
 * The list's order as one choice, for a narrow screen, where the list leaves out the last change
 * column and its header (the wide list sorts by its column headers).
 */
export function SortSelect({ order, onOrder }: { order: TestOrder; onOrder: (order: TestOrder) => void }) {
  const id = useId();
  return (
    <div className="sort-select">
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        value={`${order.sort}:${order.order}`}
        onChange={(e) => {
          const [sort, direction] = e.target.value.split(':') as [TestSort, SortOrder];
          onOrder({ sort, order: direction });
        }}
      >
        {OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}

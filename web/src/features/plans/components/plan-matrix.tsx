import { StatusBadge } from '../../../components/status-badge';
import { Pager } from '../../../components/pager';
import type { PlanDetail } from '../api/get-plan';
import { useGridKeys } from '../use-grid-keys';

/**
 * The status matrix: a page of the plan's tests (rows) by configuration (columns), each cell the
 * test's status in the newest run of that configuration, in words beside its colour; "—" where no
 * run of that configuration holds the test. A grid: the arrow keys move between cells.
 */
export function PlanMatrix({ plan, onOffset }: { plan: PlanDetail; onOffset: (offset: number) => void }) {
  const { tests, total, limit, offset } = plan.matrix;
  const columns = plan.configurations;
  const grid = useGridKeys(tests.length, columns.length + 1);
  return (
    <section aria-labelledby="plan-matrix">
      <h2 id="plan-matrix">Status matrix</h2>
      <p className="muted">Each test&apos;s status in the newest run of each configuration. Use the arrow keys to move between cells.</p>
      {total === 0 && <p className="muted">No tests.</p>}
      {total > 0 && (
        <div className="plan-table-scroll">
          <table
            className="plan-table plan-matrix"
            role="grid"
            aria-labelledby="plan-matrix"
            aria-rowcount={total + 1}

            onKeyDown={grid.onKeyDown}
          >
            <thead>
              <tr aria-rowindex={1}>
                <th scope="col">Test</th>
                {columns.map((c) => (
                  <th scope="col" key={c.optionIds.join(',')}>
                    <bdi>{c.label || 'No configuration'}</bdi>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tests.map((t, row) => (
                <tr key={t.testId} data-test-id={t.testId} aria-rowindex={offset + row + 2}>
                  <th scope="row" {...grid.cell(row, 0)}>
                    <bdi>{t.title}</bdi> <span className="muted">#{t.testId}</span>
                  </th>
                  {t.statuses.map((s, col) => (
                    <td key={columns[col]?.optionIds.join(',') ?? col} {...grid.cell(row, col + 1)}>
                      {s ? (
                        <StatusBadge status={s} />
                      ) : (
                        <span className="muted" title="Not in a run of this configuration">
                          — <span className="sr-only">not in this configuration</span>
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > limit && <Pager label="Matrix pages" offset={offset} limit={limit} total={total} onOffset={onOffset} />}
    </section>
  );
}

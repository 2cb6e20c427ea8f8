import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import type { StabilityRow } from '../api/get-test-stability';
import type { StabilitySort } from '../stability-query';
import { durationText, flakyReasonsText, percentText } from '../../../lib/insight-text';
import { agoText } from '../stability-text';

type Column = 'flips' | 'rate' | 'last' | 'time';
/** The column each sort orders by, and which way. */
const SORTED: Record<StabilitySort, [Column, 'ascending' | 'descending']> = {
  flakiness: ['flips', 'descending'],
  failureRate: ['rate', 'descending'],
  lastExecuted: ['last', 'ascending'],
  duration: ['time', 'descending'],
};

/** One page of tests with their record over the window; on a phone each row is a card of labelled lines. */
export function StabilityTable({ projectId, tests, sort }: { projectId: number; tests: StabilityRow[]; sort: StabilitySort }) {
  const ariaSort = (column: Column) => (SORTED[sort][0] === column ? SORTED[sort][1] : undefined);
  // Between a phone (rows as cards) and a wide screen the table may be wider than the page: it
  // scrolls in its own box, which takes focus so the keyboard scrolls it too.
  return (
    <div className="stability-scroll" role="region" aria-labelledby="stability-caption" tabIndex={0}>
      <table className="data-table stability-table">
        <caption id="stability-caption" className="sr-only">
          Tests and their stability
        </caption>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Executions</th>
            <th scope="col">Passed / failed</th>
            <th scope="col" aria-sort={ariaSort('flips')}>
              Flips / possible
            </th>
            <th scope="col" aria-sort={ariaSort('rate')}>
              Failure rate
            </th>
            <th scope="col">Last status</th>
            <th scope="col" aria-sort={ariaSort('last')}>
              Last executed
            </th>
            <th scope="col" aria-sort={ariaSort('time')}>
              Median / p95
            </th>
            <th scope="col">Flaky</th>
          </tr>
        </thead>
        <tbody>
          {tests.map((t) => (
            <tr key={t.testId} className={t.flaky ? 'flaky' : undefined}>
              <th scope="row">
                <Link to={`/projects/${projectId}/tests/${t.testId}`}>
                  <bdi>{t.title}</bdi>
                </Link>
              </th>
              <td data-label="Executions">{t.executions}</td>
              <td data-label="Passed / failed">
                {t.passed} / {t.failed}
              </td>
              <td data-label="Flips / possible">
                {t.flips} / {t.possibleFlips}
              </td>
              <td data-label="Failure rate">{t.executions > 0 ? percentText(t.failureRate) : '—'}</td>
              <td data-label="Last status">
                {t.lastStatus ? <StatusBadge status={t.lastStatus} /> : <span className="muted">Never run</span>}
              </td>
              <td data-label="Last executed">
                {t.lastExecutedAt ? (
                  <time dateTime={t.lastExecutedAt} title={new Date(t.lastExecutedAt).toLocaleString()}>
                    {agoText(t.lastExecutedAt)}
                  </time>
                ) : (
                  <span className="muted">Never</span>
                )}
              </td>
              <td data-label="Median / p95">
                {t.medianElapsedMs === null ? '—' : `${durationText(t.medianElapsedMs)} / ${durationText(t.p95ElapsedMs)}`}
              </td>
              <td data-label="Flaky">
                {t.flaky ? (
                  <>
                    <strong className="flaky-mark">Yes</strong>: {flakyReasonsText(t.flakyReasons)}
                  </>
                ) : (
                  <span className="muted">No</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { Link } from 'react-router';
import { Pager } from '../../../components/pager';
import { StatusBadge } from '../../../components/status-badge';
import { COMPARE_PAGE, type ComparedTest } from '../api/get-run-comparison';
import { durationText } from '../../../lib/insight-text';
import { CATEGORY_LABELS, elapsedChangeText, type CompareCategory } from '../compare-categories';

interface Props {
  projectId: number;
  category: CompareCategory;
  /** Undefined while the page loads. */
  tests: ComparedTest[] | undefined;
  runName: string;
  baseName: string;
  offset: number;
  total: number;
  loading: boolean;
  onOffset: (offset: number) => void;
}

function Status({ status, none }: { status: ComparedTest['status']; none: string }) {
  return status ? <StatusBadge status={status} /> : <span className="muted">{none}</span>;
}

function TimeChange({ test }: { test: ComparedTest }) {
  const { elapsedMs, baseElapsedMs, elapsedChangeMs } = test;
  const both = elapsedMs !== null && baseElapsedMs !== null;
  return (
    <>
      <span className="compare-time-change" data-slower={elapsedChangeMs !== null && elapsedChangeMs > 0 ? '' : undefined}>
        {elapsedChangeText(elapsedChangeMs)}
      </span>
      {both && (
        <span className="muted compare-times">
          {' '}
          ({durationText(baseElapsedMs)} → {durationText(elapsedMs)})
        </span>
      )}
    </>
  );
}

/** One category's tests, a page at a time: each with its status in both runs and the change of its time. */
export function ComparedTests({ projectId, category, tests, runName, baseName, offset, total, loading, onOffset }: Props) {
  if (total === 0) return <p className="muted">No tests in {CATEGORY_LABELS[category].toLowerCase()}.</p>;
  return (
    <>
      <table className="data-table compare-table" aria-label={CATEGORY_LABELS[category]} aria-busy={loading || !tests}>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">
              <bdi>{baseName}</bdi> (base)
            </th>
            <th scope="col">
              <bdi>{runName}</bdi>
            </th>
            <th scope="col">Time change</th>
          </tr>
        </thead>
        <tbody>
          {tests?.map((t) => (
            <tr key={t.testId} data-test-id={t.testId}>
              <th scope="row">
                <Link to={`/projects/${projectId}/tests/${t.testId}`}>
                  <span className="muted">#{t.testId}</span> <bdi>{t.title}</bdi>
                </Link>
              </th>
              <td data-label={`${baseName} (base)`}>
                <Status status={t.baseStatus} none="Not in the base run" />
              </td>
              <td data-label={runName}>
                <Status status={t.status} none="Not in this run" />
              </td>
              <td data-label="Time change">
                <TimeChange test={t} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!tests && <p className="muted">Loading…</p>}
      {total > COMPARE_PAGE && (
        <Pager label={`${CATEGORY_LABELS[category]} pages`} offset={offset} limit={COMPARE_PAGE} total={total} onOffset={onOffset} small />
      )}
    </>
  );
}

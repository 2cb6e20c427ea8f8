import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { OlderEntries } from '../../../components/older-entries';
import { useTestStatusHistory } from '../api/get-test-status-history';
import { StatusBadge } from '../../../components/status-badge';

/** The test's status changes across the project's runs, newest first. */
export function StatusHistory({ projectId, testId }: { projectId: number; testId: number }) {
  const history = useTestStatusHistory(projectId, testId);
  const entries = history.data?.pages.flatMap((page) => page.items);
  return (
    <section className="test-status-history" aria-labelledby="test-status-history-heading">
      <h2 id="test-status-history-heading">Status history</h2>
      <ErrorMessage error={history.error} />
      {history.isPending && <p className="muted">Loading…</p>}
      {entries?.length === 0 && <p className="muted">No run has recorded a status for this test yet.</p>}
      {!!entries?.length && (
        <ol className="test-history-list">
          {entries.map((entry, i) => (
            <li key={`${entry.runId}-${entry.createdAt}-${i}`} className="test-history-entry">
              <StatusBadge status={entry.status} />
              <Link to={`/projects/${projectId}/runs/${entry.runId}`}>
                <bdi>{entry.runName}</bdi> <span className="muted">#{entry.runId}</span>
              </Link>
              <span className="test-history-meta muted">
                {entry.userName ?? 'Unknown user'}
                {' · '}
                <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
              </span>
              {entry.comment && <p className="test-history-comment">{entry.comment}</p>}
            </li>
          ))}
        </ol>
      )}
      {history.hasNextPage && entries && (
        <OlderEntries
          shown={entries.length}
          total={history.data?.pages[0].total}
          loading={history.isFetchingNextPage}
          onLoad={() => void history.fetchNextPage()}
        />
      )}
    </section>
  );
}

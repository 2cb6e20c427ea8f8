import { ErrorMessage } from '../../../components/error-message';
import { OlderEntries } from '../../../components/older-entries';
import { StatusBadge } from '../../../components/status-badge';
import { DefectLinks } from '../../../components/defect-links';
import { AttachmentLinks, useAttachments } from '../../attachments';
import { useRunTestHistory } from '../api/get-run-test-history';

const when = (iso: string) => new Date(iso).toLocaleString();

/** A test's results in a run, newest first: status, when and by whom, comment, defects, and the files added to each. */
export function RunTestHistory({ projectId, runId, testId }: { projectId: number; runId: number; testId: number }) {
  const history = useRunTestHistory(projectId, runId, testId);
  const files = useAttachments({ projectId, testId, runId });
  const entries = history.data?.pages.flatMap((page) => page.items);
  const filesOf = (historyId: number) => files.data?.items.filter((a) => a.historyId === historyId) ?? [];
  return (
    <>
      <h3>History in this run</h3>
      <ErrorMessage error={history.error} />
      {entries && entries.length === 0 && <p className="muted">No result yet.</p>}
      {entries && entries.length > 0 && (
        <ol className="run-history">
          {entries.map((h) => (
            <li key={h.historyId}>
              <StatusBadge status={h.status} />{' '}
              <span className="muted">
                {when(h.createdAt)}
                {h.userName && (
                  <>
                    {' · '}
                    <bdi>{h.userName}</bdi>
                  </>
                )}
              </span>
              {h.comment && <p className="run-panel-text">{h.comment}</p>}
              <DefectLinks defects={h.defects} />
              <AttachmentLinks projectId={projectId} items={filesOf(h.historyId)} label={`Files of the result of ${when(h.createdAt)}`} />
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
    </>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { useMyWork } from '../api/get-my-work';
import '../my-work.css';

const PAGE_SIZE = 25;

/** The runs holding tests assigned to the signed-in user, newest first: each opens on their own tests. */
export function MyWorkPage() {
  const [offset, setOffset] = useState(0);
  const work = useMyWork({ limit: PAGE_SIZE, offset });
  const total = work.data?.total ?? 0;
  return (
    <Page title="My work">
      <ErrorMessage error={work.error} />
      {work.isPending && <p className="muted">Loading…</p>}
      {work.data && (
        <p className="muted" role="status">
          {total === 0
            ? 'Nothing is assigned to you in an open run.'
            : `${work.data.untested} ${work.data.untested === 1 ? 'test waits' : 'tests wait'} for you in ${total} ${total === 1 ? 'run' : 'runs'}.`}
        </p>
      )}
      <ul className="my-work" aria-label="Runs with tests assigned to you">
        {work.data?.runs.map((r) => (
          <li key={r.runId} className="my-work-run">
            <Link to={`/projects/${r.projectId}/runs/${r.runId}?assignee=me`}>
              <bdi>{r.runName}</bdi>
            </Link>
            <span className="muted">
              <bdi>{r.projectName}</bdi> · {new Date(r.createdAt).toLocaleDateString()}
            </span>
            <span className="my-work-counts">
              <strong>{r.untested}</strong> to do · {r.done} of {r.total} done
            </span>
            <progress max={r.total} value={r.done} aria-label={`${r.done} of ${r.total} done`} />
          </li>
        ))}
      </ul>
      {total > PAGE_SIZE && <Pager label="My work pages" offset={offset} limit={PAGE_SIZE} total={total} onOffset={setOffset} />}
    </Page>
  );
}

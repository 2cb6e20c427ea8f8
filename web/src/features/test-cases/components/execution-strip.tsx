import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { STATUS_COLORS } from '../../../lib/status-counts';
import { useTestExecutions } from '../api/get-test-executions';
import { EXECUTION_GLYPHS, executionName, executionsSummary, oldestFirst } from '../executions';

const timeText = (ms: number | null) => (ms === null ? '' : ms < 1000 ? ` · ${ms} ms` : ` · ${Math.round(ms / 100) / 10} s`);

/**
 * The test's last executions (up to EXECUTIONS_SHOWN, 30, runs with a result other than untested) as a
 * strip of marks, oldest to newest, each a link to its run: colour, shape and name all say the status.
 */
export function ExecutionStrip({ projectId, testId }: { projectId: number; testId: number }) {
  const executions = useTestExecutions(projectId, testId);
  const page = executions.data;
  const shown = page ? oldestFirst(page.executions) : undefined;
  return (
    <section className="test-executions" aria-labelledby="test-executions-heading">
      <h2 id="test-executions-heading">Last executions</h2>
      <ErrorMessage error={executions.error} />
      {executions.isPending && <p className="muted">Loading…</p>}
      {page && <p className="test-executions-summary">{executionsSummary(page.executions)}</p>}
      {!!shown?.length && (
        <ol className="execution-strip" aria-label={`The last ${shown.length} executions, oldest first`}>
          {shown.map((e) => (
            <li key={e.runId}>
              <Link
                to={`/projects/${projectId}/runs/${e.runId}`}
                className="execution-mark"
                data-status={e.status}
                data-flaky={e.flakyInRun || undefined}
                style={{ background: STATUS_COLORS[e.status] }}
                aria-label={executionName(e)}
                title={`${executionName(e)} ${new Date(e.executedAt).getFullYear()}${timeText(e.elapsedMs)}`}
              >
                <span aria-hidden="true">{EXECUTION_GLYPHS[e.status]}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      {!!shown?.length && (
        <p className="muted execution-legend">
          Oldest on the left. ✓ passed, ✕ failed, ⊘ blocked, ↻ retest; a dashed ring: flaky in its run.
        </p>
      )}
      {page && page.total > page.executions.length && (
        <p className="muted">{page.total} executions in all; the older ones are in the status history below.</p>
      )}
    </section>
  );
}

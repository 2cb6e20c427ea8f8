import { DefectLinks } from '../../../components/defect-links';
import { ErrorMessage } from '../../../components/error-message';
import { StatusBadge } from '../../../components/status-badge';
import { AttachmentLinks, useAttachments } from '../../attachments';
import { PROBLEMS_SHOWN, useProblemResults } from '../api/get-problem-results';

type Problem = NonNullable<ReturnType<typeof useProblemResults>['data']>['failed']['tests'][number];

/** A result's files, read only for a result that has some. */
function ResultFiles({ projectId, runId, test }: { projectId: number; runId: number; test: Problem }) {
  const files = useAttachments({ projectId, runId, testId: test.testId });
  if (files.error) return <ErrorMessage error={files.error} />;
  return <AttachmentLinks projectId={projectId} items={files.data?.items ?? []} label={`Files of ${test.title}`} />;
}

/** The failed and blocked results of the run: comment, defects and files, so a reader can act on each. */
export function ProblemResultsSection({ projectId, runId }: { projectId: number; runId: number }) {
  const problems = useProblemResults(projectId, runId);
  const pages = problems.data ? [problems.data.failed, problems.data.blocked] : [];
  const rows = pages.flatMap((p) => p.tests);
  return (
    <section aria-labelledby="problems-heading" className="report-section">
      <h2 id="problems-heading">Failed and blocked</h2>
      <ErrorMessage error={problems.error} />
      {problems.data && rows.length === 0 && <p className="muted">No result of this run is failed or blocked.</p>}
      {rows.length > 0 && (
        <ul className="problem-results" aria-label="Failed and blocked results">
          {rows.map((t) => (
            <li key={t.testId} className="problem-result">
              <div className="problem-head">
                <StatusBadge status={t.status} />
                <bdi>
                  #{t.testId} {t.title}
                </bdi>
              </div>
              {t.comment && <p className="problem-comment">{t.comment}</p>}
              {t.defects.length > 0 && <DefectLinks defects={t.defects} label={`Defects of ${t.title}`} />}
              {t.attachmentCount > 0 && <ResultFiles projectId={projectId} runId={runId} test={t} />}
            </li>
          ))}
        </ul>
      )}
      {pages.some((p) => p.total > PROBLEMS_SHOWN) && (
        <p className="muted">
          The first {PROBLEMS_SHOWN} of each status are shown ({problems.data?.failed.total} failed, {problems.data?.blocked.total}{' '}
          blocked); the report files hold them all.
        </p>
      )}
    </section>
  );
}

import { useParams, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { useProject } from '../../projects';
import { useTestStability } from '../api/get-test-stability';
import { STABILITY_PAGE_SIZE, apiQueryOf, filtersOf, paramsOf, type StabilityFilters } from '../stability-query';
import { emptyText, windowText } from '../stability-text';
import { StabilityFilterForm } from './stability-filters';
import { StabilityTable } from './stability-table';
import { StabilityViews } from './stability-views';
import '../stability.css';

/**
 * A project's tests by how they behaved over its last runs: flips, failure rate, times, and why a
 * test counts as flaky; views of the flaky, never-run and stale tests. Everything chosen here is in
 * the address, so a view can be linked (the Dashboard's counts do).
 */
export function StabilityPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const show = (next: StabilityFilters) => setParams(paramsOf(next));
  const stability = useTestStability(apiQueryOf(projectId, filters));
  const data = stability.data;
  const title = project.data ? `Stability of ${project.data.projectName}` : 'Stability';

  return (
    <Page title={title}>
      <StabilityViews filters={filters} />
      <StabilityFilterForm projectId={projectId} filters={filters} onApply={show} />
      <ErrorMessage error={project.error ?? stability.error} />
      {stability.isPending && <p className="muted">Loading…</p>}
      {data && (
        <div className="stability-results" aria-busy={stability.isPlaceholderData}>
          <p className="stability-window" role="status">
            {windowText(filters.window, data.window.runs)}
            {data.total > 0 && ` ${data.total} ${data.total === 1 ? 'test' : 'tests'} listed.`}
          </p>
          {data.tests.length > 0 ? (
            <StabilityTable projectId={projectId} tests={data.tests} sort={filters.sort} />
          ) : data.total > 0 ? (
            // An address past the list's end (a link kept while the list shrank).
            <p className="stability-empty">
              No tests on this page.{' '}
              <button type="button" className="button secondary small" onClick={() => show({ ...filters, offset: 0 })}>
                First page
              </button>
            </p>
          ) : (
            <p className="stability-empty">{emptyText(filters, data.window.runs)}</p>
          )}
          {data.total > STABILITY_PAGE_SIZE && (
            <Pager
              label="Stability pages"
              offset={filters.offset}
              limit={STABILITY_PAGE_SIZE}
              total={data.total}
              onOffset={(offset) => show({ ...filters, offset })}
            />
          )}
        </div>
      )}
    </Page>
  );
}

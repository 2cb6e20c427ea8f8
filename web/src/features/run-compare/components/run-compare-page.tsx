import { useParams, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { useComparisonPage, useRunComparison } from '../api/get-run-comparison';
import { shownCategory, type CompareCategory } from '../compare-categories';
import { BasePicker } from './base-picker';
import { CategoryTabs } from './category-tabs';
import { ComparedTests } from './compared-tests';
import { FailureGroups } from './failure-groups';
import '../run-compare.css';

const idParam = (value: string | null) => (value && /^[1-9][0-9]*$/.test(value) ? Number(value) : undefined);

/**
 * A run compared with a base run (the server's default, or the one the URL names as ?base=):
 * both runs, the tests per category (?category=, paged by ?offset=) and the run's failure groups.
 */
export function RunComparePage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const runId = Number(params.runId);
  const [search, setSearch] = useSearchParams();
  const base = idParam(search.get('base'));
  const offset = Number(idParam(search.get('offset')) ?? 0);
  const comparison = useRunComparison(projectId, runId, base);
  const data = comparison.data;
  const category = shownCategory(data?.totals, search.get('category'));
  const page = useComparisonPage(projectId, runId, base, category, offset);
  const tests = offset > 0 ? page.data?.tests[category] : data?.tests[category];

  // The base is a new place (back returns to the last one); a category or page replaces it.
  const setView = (next: { base?: number; category?: CompareCategory; offset?: number }, replace: boolean) => {
    const query = new URLSearchParams();
    const b = next.base ?? base;
    if (b !== undefined) query.set('base', String(b));
    if (next.category) query.set('category', next.category);
    if (next.offset) query.set('offset', String(next.offset));
    setSearch(query, { replace });
  };

  const title = data ? `Compare ${data.run.runName}` : `Compare run ${runId}`;
  return (
    <Page title={title}>
      <ErrorMessage error={comparison.error ?? page.error} />
      <BasePicker
        projectId={projectId}
        runId={runId}
        run={data?.run}
        base={data?.base ?? undefined}
        chosen={base}
        loading={comparison.isFetching}
        onChoose={(id) => setView({ base: id }, false)}
      />
      {comparison.isPending && !comparison.error && <p className="muted">Loading the comparison…</p>}
      {data && !data.base && (
        <p className="compare-no-base">
          <strong>Nothing to compare with yet.</strong> No earlier run of this project shares tests with {data.run.runName}
          {data.run.branch ? ` on branch ${data.run.branch}` : ''}, so there is no default base run. Choose another run above to compare
          with it.
        </p>
      )}
      {data?.base && (
        <section className="compare-section" aria-labelledby="compare-changes-heading">
          <h2 id="compare-changes-heading">Changes since {data.base.runName}</h2>
          <CategoryTabs totals={data.totals} selected={category} onSelect={(c) => setView({ category: c }, true)}>
            <ComparedTests
              projectId={projectId}
              category={category}
              tests={tests}
              runName={data.run.runName}
              baseName={data.base.runName}
              offset={offset}
              total={data.totals[category]}
              loading={page.isFetching}
              onOffset={(o) => setView({ category, offset: o }, true)}
            />
          </CategoryTabs>
        </section>
      )}
      {data && <FailureGroups projectId={projectId} comparison={data} />}
    </Page>
  );
}

import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { useProject } from '../../projects';
import { useDashboard, type Dashboard } from '../api/get-dashboard';
import { periodOf } from '../dashboard-period';
import { CountTiles } from './count-tiles';
import { CoverageSection } from './coverage-section';
import { PassRateChart } from './pass-rate-chart';
import { PeriodPicker } from './period-picker';
import { ResultsPerDayChart } from './results-per-day-chart';
import { FlakiestTable, SlowestTable } from './test-tables';
import '../dashboard.css';

/**
 * A project at a glance over the chosen period (?days=7|30|90): counts linking to the Stability
 * page, the pass rate per run, results per day, the flakiest and slowest tests, coverage per section.
 */
export function DashboardPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const [params, setParams] = useSearchParams();
  const days = periodOf(params);
  const dashboard = useDashboard(projectId, days);
  const title = project.data ? `Dashboard of ${project.data.projectName}` : 'Dashboard';
  const d = dashboard.data;

  return (
    <Page title={title}>
      <PeriodPicker value={days} onChange={(next) => setParams({ days: String(next) })} />
      <ErrorMessage error={project.error ?? dashboard.error} />
      {dashboard.isPending && <p className="muted">Loading…</p>}
      {d && (
        <div className="dashboard" aria-busy={dashboard.isPlaceholderData} data-days={d.days}>
          <CountTiles projectId={projectId} counts={d.counts} days={d.days} runs={d.runs.length} />
          {d.runs.length === 0 ? (
            <EmptyPeriod projectId={projectId} dashboard={d} />
          ) : (
            <>
              <Panel id="pass-rate" title="Pass rate per run">
                <PassRateChart projectId={projectId} runs={d.runs} />
              </Panel>
              <Panel id="per-day" title="Results per day">
                <ResultsPerDayChart days={d.resultsPerDay} />
              </Panel>
              <Panel id="flakiest" title="Flakiest tests">
                <FlakiestTable projectId={projectId} tests={d.flakiest} />
              </Panel>
              <Panel id="slowest" title="Slowest tests">
                <SlowestTable projectId={projectId} tests={d.slowest} />
              </Panel>
            </>
          )}
          {d.counts.tests > 0 && (
            <Panel id="coverage" title="Execution coverage">
              <CoverageSection coverage={d.coverage} automation={d.automation} />
            </Panel>
          )}
        </div>
      )}
    </Page>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="dashboard-panel" data-panel={id}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

/** No run in the period: what to do next instead of empty charts. */
function EmptyPeriod({ projectId, dashboard }: { projectId: number; dashboard: Dashboard }) {
  const noTests = dashboard.counts.tests === 0;
  return (
    <section className="dashboard-panel dashboard-empty" aria-labelledby="empty-heading">
      <h2 id="empty-heading">{noTests ? 'Nothing to show yet' : `No runs in the last ${dashboard.days} days`}</h2>
      {noTests ? (
        <p>
          This project has no tests. Write them in the <Link to={`/projects/${projectId}/catalog`}>Catalog</Link> (or import a JUnit
          report), then run them: pass rates, flaky and slow tests appear here.
        </p>
      ) : (
        <p>
          The charts and the flakiest and slowest tests come from runs. Start one on the{' '}
          <Link to={`/projects/${projectId}/runs`}>Runs</Link> page or import a JUnit report from your CI
          {dashboard.days < 90 ? ', or choose a longer period above' : ''}.
        </p>
      )}
    </section>
  );
}

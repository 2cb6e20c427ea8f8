import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { StatusBar } from '../../../components/status-bar';
import { atLeast, useRole } from '../../auth';
import { MilestoneLink } from '../../milestones';
import { useProject } from '../../projects';
import { usePlan } from '../api/get-plan';
import { passRateText } from '../plan-entry';
import { AddEntryForm } from './add-entry-form';
import { PlanActions } from './plan-actions';
import { PlanAssignees } from './plan-assignees';
import { PlanMatrix } from './plan-matrix';
import { PlanRuns } from './plan-runs';
import '../plans.css';

/** One test plan: its totals, actions, runs, assignees and status matrix; Users add entries while it is open. */
export function PlanPage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const planId = Number(params.planId);
  const project = useProject(projectId);
  const projectRole = useRole(project.data?.orgId);
  // An inactive project takes no writes: its plans read as a Reader's.
  const role = project.data?.isActive === false ? 'Reader' : projectRole;
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState('');
  const plan = usePlan(projectId, planId, offset);
  const p = plan.data;

  return (
    <Page title={p?.name ?? `Plan ${planId}`}>
      <ErrorMessage error={project.error ?? plan.error} />
      {p && (
        <>
          <p className="facts-line plan-facts-line">
            {p.locked && <span className="badge locked">Locked</span>}
            <MilestoneLink projectId={projectId} milestoneId={p.milestoneId} />
          </p>
          {p.description && <p className="plan-description">{p.description}</p>}
          <PlanActions projectId={projectId} plan={p} role={role} onDone={setMessage} />
          <p role="status" className="status-line">
            {message}
          </p>
          <section aria-labelledby="plan-totals">
            <h2 id="plan-totals">Totals</h2>
            <StatusBar counts={p.statusCounts} />
            <p className="plan-facts">
              {passRateText(p.passRate)} · {p.runCount} {p.runCount === 1 ? 'run' : 'runs'} · {p.statusCounts.untested} not executed yet
            </p>
          </section>
          <PlanRuns projectId={projectId} plan={p} />
          <PlanAssignees plan={p} />
          <PlanMatrix plan={p} onOffset={setOffset} />
          {atLeast(role, 'User') && !p.locked && !adding && (
            <p>
              <button type="button" className="button secondary" onClick={() => setAdding(true)}>
                Add entry
              </button>
            </p>
          )}
          {adding && !p.locked && (
            <AddEntryForm projectId={projectId} planId={planId} onDone={(m) => (m && setMessage(m), setAdding(false))} />
          )}
        </>
      )}
    </Page>
  );
}

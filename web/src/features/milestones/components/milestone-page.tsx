import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { StatusBar } from '../../../components/status-bar';
import { useRole } from '../../auth';
import { useProject } from '../../projects';
import { useMilestone } from '../api/get-milestone';
import { passRateText } from '../milestone-form';
import { MilestoneActions } from './milestone-actions';
import { MilestoneBadges, MilestoneCard } from './milestone-card';
import { MilestoneFailures } from './milestone-failures';
import { MilestoneName } from './milestone-name';
import { MilestoneRuns } from './milestone-runs';
import '../milestones.css';

/** One milestone: its dates and state, its progress across its runs and its sub-milestones', its runs and failed tests. */
export function MilestonePage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const milestoneId = Number(params.milestoneId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const milestone = useMilestone(projectId, milestoneId);
  const [message, setMessage] = useState('');
  const m = milestone.data;
  const p = m?.progress;

  return (
    <Page title={m?.name ?? `Milestone ${milestoneId}`}>
      <ErrorMessage error={project.error ?? milestone.error} />
      {m && p && (
        <>
          <p className="facts-line milestone-dates-line">
            <MilestoneBadges milestone={m} />
            {m.startDate && <span className="muted">Starts {m.startDate}</span>}
            {m.parentId && (
              <Link to={`/projects/${projectId}/milestones/${m.parentId}`}>
                Part of <MilestoneName projectId={projectId} milestoneId={m.parentId} />
              </Link>
            )}
          </p>
          {m.description && <p className="milestone-description">{m.description}</p>}
          {/* An inactive project takes no writes: its milestones read as a Reader's. */}
          <MilestoneActions
            projectId={projectId}
            milestone={m}
            role={project.data?.isActive === false ? 'Reader' : role}
            onDone={setMessage}
          />
          <p role="status" className="status-line">
            {message}
          </p>
          <section aria-labelledby="milestone-progress">
            <h2 id="milestone-progress">Progress</h2>
            <StatusBar counts={p.statusCounts} />
            <p className="milestone-facts">
              {passRateText(p.statusCounts)} · {p.untested} not executed yet · {p.runCount} {p.runCount === 1 ? 'run' : 'runs'},{' '}
              {p.lockedRunCount} locked
            </p>
          </section>
          {m.subMilestones.length > 0 && (
            <section aria-labelledby="milestone-subs">
              <h2 id="milestone-subs">Sub-milestones</h2>
              <ul className="card-list">
                {m.subMilestones.map((s) => (
                  <MilestoneCard key={s.milestoneId} projectId={projectId} milestone={s} />
                ))}
              </ul>
            </section>
          )}
          <MilestoneRuns projectId={projectId} milestone={m} />
          <MilestoneFailures projectId={projectId} milestone={m} />
        </>
      )}
    </Page>
  );
}

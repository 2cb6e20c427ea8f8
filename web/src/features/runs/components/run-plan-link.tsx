import { Link } from 'react-router';
import { usePlanName } from '../api/get-plan-name';

/** "Part of plan Release 2.4", linked to the plan, for a run a test plan made; nothing for one it did not. */
export function RunPlanLink({ projectId, planId }: { projectId: number; planId: number | null }) {
  const plan = usePlanName(projectId, planId);
  if (planId === null) return null;
  return (
    <p className="run-plan-link">
      <small>
        Part of plan{' '}
        <Link to={`/projects/${projectId}/plans/${planId}`} dir="auto">
          {plan.data ?? `#${planId}`}
        </Link>
      </small>
    </p>
  );
}

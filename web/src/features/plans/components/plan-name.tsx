import { usePlan } from '../api/get-plan';

/** A plan's name (its number while it loads or when it cannot be read), for the breadcrumbs. */
export function PlanName({ projectId, planId }: { projectId: number; planId: number }) {
  const plan = usePlan(projectId, planId);
  return <>{plan.data?.name ?? `Plan ${planId}`}</>;
}

import type { PlanDetail } from '../api/get-plan';

/** Results per assignee across the plan's runs: done (passed, failed or blocked) of total, as numbers and a small bar. */
export function PlanAssignees({ plan }: { plan: PlanDetail }) {
  if (plan.assignees.length === 0) return null;
  return (
    <section aria-labelledby="plan-assignees">
      <h2 id="plan-assignees">Assignees</h2>
      <table className="plan-table plan-assignees">
        <thead>
          <tr>
            <th scope="col">Assignee</th>
            <th scope="col">Done</th>
          </tr>
        </thead>
        <tbody>
          {plan.assignees.map((a) => (
            <tr key={a.assigneeId ?? 'none'}>
              <td>{a.assigneeId === null ? <span className="muted">Unassigned</span> : <bdi>{a.name ?? `#${a.assigneeId}`}</bdi>}</td>
              <td>
                <span className="plan-done">
                  <meter min={0} max={Math.max(1, a.total)} value={a.done} aria-label={`Done by ${a.name ?? 'nobody'}`} />
                  {a.done} / {a.total}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

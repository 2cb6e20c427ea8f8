import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { FormActions } from '../../../components/form-actions';
import { MilestoneSelect } from '../../milestones';
import type { PlanDetail } from '../api/get-plan';
import { useEditPlan } from '../api/write-plan';

/** Edit an open plan: name (its runs' names follow), description, milestone (its runs move with it). */
export function PlanEditForm({ projectId, plan, onDone }: { projectId: number; plan: PlanDetail; onDone: (message?: string) => void }) {
  const edit = useEditPlan(projectId);
  const [name, setName] = useState(plan.name);
  const [description, setDescription] = useState(plan.description ?? '');
  const [milestoneId, setMilestoneId] = useState<number | null>(plan.milestoneId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = {
      ...(name.trim() !== plan.name ? { name: name.trim() } : {}),
      ...(description !== (plan.description ?? '') ? { description: description.trim() ? description : null } : {}),
      ...(milestoneId !== plan.milestoneId ? { milestoneId } : {}),
    };
    if (Object.keys(changes).length === 0) return onDone('Nothing changed');
    edit.mutate({ projectId, planId: plan.planId, ...changes }, { onSuccess: (p) => onDone(`${p.name} saved`) });
  };

  return (
    <form className="plan-form plan-edit" onSubmit={submit} aria-label={`Edit ${plan.name}`}>
      <h2>Edit {plan.name}</h2>
      <label htmlFor="plan-edit-name">Name</label>
      <input id="plan-edit-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
      <label htmlFor="plan-edit-description">Description</label>
      <textarea id="plan-edit-description" value={description} onChange={(e) => setDescription(e.target.value)} rows={2} />
      <div className="plan-milestone">
        <MilestoneSelect id="plan-edit-milestone" projectId={projectId} value={milestoneId} onChange={setMilestoneId} />
      </div>
      <ErrorMessage error={edit.error} />
      <FormActions submitLabel="Save plan" pending={edit.isPending} onCancel={() => onDone()} />
    </form>
  );
}

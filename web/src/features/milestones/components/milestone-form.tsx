import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { FormActions } from '../../../components/form-actions';
import { IdSelect } from '../../../components/id-select';
import { useCreateMilestone } from '../api/create-milestone';
import { useEditMilestone } from '../api/edit-milestone';
import { useAllMilestones } from '../api/get-milestones';
import { changedFields, createFields, datesProblem, draftOf, emptyDraft, parentChoices, type MilestoneDraft } from '../milestone-form';

interface Editing {
  milestoneId: number;
  name: string;
  description: string | null;
  startDate: string | null;
  dueDate: string | null;
  parentId: number | null;
  hasChildren: boolean;
}

/** New milestone, or an edit of one (`milestone`): name, description, start and due dates, parent. */
export function MilestoneForm({
  projectId,
  milestone,
  onDone,
  onCancel,
}: {
  projectId: number;
  milestone?: Editing;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const before = milestone ? draftOf(milestone) : emptyDraft;
  const [draft, setDraft] = useState<MilestoneDraft>(before);
  const [problem, setProblem] = useState<string | null>(null);
  const all = useAllMilestones(projectId);
  const create = useCreateMilestone(projectId);
  const edit = useEditMilestone(projectId);
  const write = milestone ? edit : create;
  const set = (change: Partial<MilestoneDraft>) => setDraft((now) => ({ ...now, ...change }));
  const id = (field: string) => `milestone-${milestone?.milestoneId ?? 'new'}-${field}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = datesProblem(draft);
    setProblem(wrong);
    if (wrong) return;
    if (!milestone) {
      create.mutate({ projectId, ...createFields(draft) }, { onSuccess: (m) => onDone(`${m.name} created`) });
      return;
    }
    const changes = changedFields(before, draft);
    if (Object.keys(changes).length === 0) return onDone('Nothing changed');
    edit.mutate({ projectId, milestoneId: milestone.milestoneId, ...changes }, { onSuccess: (m) => onDone(`${m.name} saved`) });
  };

  const heading = milestone ? `Edit ${milestone.name}` : 'New milestone';
  return (
    <form className="milestone-form" onSubmit={submit} aria-label={heading}>
      <h2>{heading}</h2>
      <label htmlFor={id('name')}>Name</label>
      <input id={id('name')} value={draft.name} onChange={(e) => set({ name: e.target.value })} required maxLength={200} />
      <label htmlFor={id('description')}>Description</label>
      <textarea id={id('description')} value={draft.description} onChange={(e) => set({ description: e.target.value })} rows={2} />
      <div className="milestone-dates">
        <span>
          <label htmlFor={id('start')}>Start date</label>
          <input id={id('start')} type="date" value={draft.startDate} onChange={(e) => set({ startDate: e.target.value })} />
        </span>
        <span>
          <label htmlFor={id('due')}>Due date</label>
          <input id={id('due')} type="date" value={draft.dueDate} onChange={(e) => set({ dueDate: e.target.value })} />
        </span>
      </div>
      <label htmlFor={id('parent')}>Part of</label>
      <IdSelect
        id={id('parent')}
        value={draft.parentId}
        options={all.data && parentChoices(all.data.milestones, milestone)}
        none="(a milestone of its own)"
        onChange={(parentId) => set({ parentId })}
      />
      <ErrorMessage error={problem ?? write.error ?? all.error} />
      <FormActions submitLabel={milestone ? 'Save milestone' : 'Create milestone'} pending={write.isPending} onCancel={onCancel} />
    </form>
  );
}

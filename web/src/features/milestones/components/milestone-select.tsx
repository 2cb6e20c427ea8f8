import { IdSelect } from '../../../components/id-select';
import { useAllMilestones } from '../api/get-milestones';

/**
 * A labelled choice of one of the project's open milestones (or none), e.g. for a new run; with
 * `withCompleted`, the completed ones follow the open ones, marked so (e.g. to move a run back).
 */
export function MilestoneSelect({
  id,
  projectId,
  value,
  onChange,
  withCompleted = false,
  disabled,
}: {
  id: string;
  projectId: number;
  value: number | null;
  onChange: (milestoneId: number | null) => void;
  withCompleted?: boolean;
  disabled?: boolean;
}) {
  const all = useAllMilestones(projectId).data?.milestones;
  const open = all?.filter((m) => m.status === 'open').map((m) => ({ id: m.milestoneId, name: m.name }));
  const completed = all?.filter((m) => m.status !== 'open').map((m) => ({ id: m.milestoneId, name: `${m.name} (completed)` }));
  const options = open && completed && withCompleted ? [...open, ...completed] : open;
  return (
    <>
      <label htmlFor={id}>Milestone</label>
      <IdSelect id={id} value={value} options={options} none="(none)" onChange={onChange} disabled={disabled} />
    </>
  );
}

import { IdSelect } from '../../../components/id-select';
import { useAllMilestones } from '../api/get-milestones';

/** A labelled choice of one of the project's open milestones (or none), e.g. for a new run. */
export function MilestoneSelect({
  id,
  projectId,
  value,
  onChange,
}: {
  id: string;
  projectId: number;
  value: number | null;
  onChange: (milestoneId: number | null) => void;
}) {
  const all = useAllMilestones(projectId);
  const options = all.data?.milestones.filter((m) => m.status === 'open').map((m) => ({ id: m.milestoneId, name: m.name }));
  return (
    <>
      <label htmlFor={id}>Milestone</label>
      <IdSelect id={id} value={value} options={options} none="(none)" onChange={onChange} />
    </>
  );
}

import { useLabels } from '../api/get-labels';
import { useLookup, type LookupKind } from '../api/get-lookups';
import { useSquads } from '../api/get-squads';
import { VALUE_LISTS, type ValueList } from '../value-lists';
import { ValueListSection } from './value-list-section';

// Each list read by its own query, its records named { id, name } for the shared section.

interface Access {
  projectId: number;
  canWrite: boolean;
  canDelete: boolean;
}

const listOf = (id: ValueList['id']) => VALUE_LISTS.find((l) => l.id === id)!;

export function LabelsList(props: Access) {
  const labels = useLabels(props.projectId);
  const values = labels.data?.map((l) => ({ id: l.labelId, name: l.labelName }));
  return <ValueListSection list={listOf('labels')} values={values} error={labels.error} {...props} />;
}

export function SquadsList(props: Access) {
  const squads = useSquads(props.projectId);
  const values = squads.data?.map((s) => ({ id: s.squadId, name: s.squadName }));
  return <ValueListSection list={listOf('squads')} values={values} error={squads.error} {...props} />;
}

export function LookupList({ kind, ...props }: Access & { kind: LookupKind }) {
  const entries = useLookup(kind, props.projectId);
  return <ValueListSection list={listOf(kind)} values={entries.data} error={entries.error} {...props} />;
}

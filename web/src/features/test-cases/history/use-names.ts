import { useMemo } from 'react';
import { useLabels, useProjectLookups, useSections, useSquads } from '../../project-metadata';
import { sectionPaths } from '../test-form';
import type { NameOf } from './version-content';

const LOOKUP_FIELDS = {
  priorityId: 'priority',
  typeId: 'type',
  automationStatusId: 'automationStatus',
  platformId: 'platform',
  testCoveredById: 'testCoveredBy',
} as const;

/** The names of the project's sections (as paths), lookups, squads and labels, for a version's ids. */
export function useNames(projectId: number): NameOf {
  const lookups = useProjectLookups(projectId);
  const sections = useSections(projectId);
  const labels = useLabels(projectId);
  const squads = useSquads(projectId);
  const paths = useMemo(() => sectionPaths(sections.data ?? []), [sections.data]);
  return (field, id) => {
    if (field === 'sectionId') return paths.get(id);
    if (field === 'squadId') return squads.data?.find((s) => s.squadId === id)?.squadName;
    if (field === 'labels') return labels.data?.find((l) => l.labelId === id)?.labelName;
    const kind = LOOKUP_FIELDS[field as keyof typeof LOOKUP_FIELDS];
    return kind && lookups[kind].data?.find((o) => o.id === id)?.name;
  };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ValueListId } from '../value-lists';
import { addLabels } from './add-labels';
import { addLookup } from './add-lookup';
import { addSquads } from './add-squads';
import { deleteLabel } from './delete-label';
import { deleteLookup } from './delete-lookup';
import { deleteSquad } from './delete-squad';
import { editLabel } from './edit-label';
import { editLookup } from './edit-lookup';
import { editSquad } from './edit-squad';
import type { LookupKind } from './get-lookups';
import { metadataKeys } from './query-keys';

// The writes of each list on the metadata page, by list: labels and squads have routes of
// their own, the five lookup lists share one set that names the list by kind. (The lists of
// value-lists.ts and the lookup kinds must agree: keyOf and lookupWrites do not compile otherwise.)

interface Writes {
  add: (projectId: number, name: string) => Promise<unknown>;
  rename: (id: number, name: string) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}

const lookupWrites = (kind: LookupKind): Writes => ({
  add: (projectId, name) => addLookup(projectId, kind, name),
  rename: editLookup,
  remove: deleteLookup,
});

const writes: Record<ValueListId, Writes> = {
  labels: { add: (projectId, name) => addLabels(projectId, [name]), rename: editLabel, remove: deleteLabel },
  squads: { add: (projectId, name) => addSquads(projectId, [name]), rename: editSquad, remove: deleteSquad },
  priority: lookupWrites('priority'),
  type: lookupWrites('type'),
  automationStatus: lookupWrites('automationStatus'),
  platform: lookupWrites('platform'),
  testCoveredBy: lookupWrites('testCoveredBy'),
};

const keyOf = (list: ValueListId, projectId: number) =>
  list === 'labels'
    ? metadataKeys.labels(projectId)
    : list === 'squads'
      ? metadataKeys.squads(projectId)
      : metadataKeys.lookup(list, projectId);

/** Add, rename and delete on one list; each refreshes the list it changed. */
export function useValueWrites(list: ValueListId, projectId: number) {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: keyOf(list, projectId) });
  return {
    add: useMutation({ mutationFn: (name: string) => writes[list].add(projectId, name), onSuccess }),
    rename: useMutation({ mutationFn: ({ id, name }: { id: number; name: string }) => writes[list].rename(id, name), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => writes[list].remove(id), onSuccess }),
  };
}

import { useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import type { Section } from '../../project-metadata';
import { useAddSection } from '../api/add-section';
import { useDeleteSection } from '../api/delete-section';
import { useEditSection } from '../api/edit-section';
import { moveTargets, sectionPath } from '../section-tree';
import { SectionSelect } from './section-select';

interface Props {
  projectId: number;
  sections: Section[];
  selected: Section | undefined;
  onSelect: (sectionId: number | undefined) => void;
  canDelete: boolean;
}

function AddSectionForm({ projectId, sections, selected, onSelect }: Omit<Props, 'canDelete'>) {
  const add = useAddSection(projectId);
  const [name, setName] = useState('');
  const [parent, setParent] = useState<number | null>(selected?.sectionId ?? null);
  // A newly selected section becomes the default parent (set while rendering: React's way to follow a prop).
  const [followedId, setFollowedId] = useState(selected?.sectionId);
  if (followedId !== selected?.sectionId) {
    setFollowedId(selected?.sectionId);
    setParent(selected?.sectionId ?? null);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { sectionName: name, parentSectionId: parent },
      {
        onSuccess: (section) => {
          setName('');
          onSelect(section.sectionId);
        },
      },
    );
  };
  return (
    <form className="stack-form" onSubmit={submit}>
      <h3>New section</h3>
      <label htmlFor="new-section-name">Name</label>
      <input id="new-section-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
      <label htmlFor="new-section-parent">Inside</label>
      <SectionSelect
        id="new-section-parent"
        sections={sections}
        all={sections}
        value={parent}
        onChange={setParent}
        noneLabel="(top level)"
      />
      <ErrorMessage error={add.error} />
      <button type="submit" className="button" disabled={add.isPending}>
        Add section
      </button>
    </form>
  );
}

function EditSectionForm({ projectId, sections, selected, onSelect, canDelete }: Props & { selected: Section }) {
  const edit = useEditSection(projectId);
  const remove = useDeleteSection(projectId);
  const [name, setName] = useState(selected.sectionName);
  const [parent, setParent] = useState<number | null>(selected.parentSectionId);
  const [confirming, setConfirming] = useState(false);
  // The form follows the server's copy when it changes (another section remounts the form: its key).
  const [shown, setShown] = useState({ sectionName: selected.sectionName, parentSectionId: selected.parentSectionId });
  if (shown.sectionName !== selected.sectionName || shown.parentSectionId !== selected.parentSectionId) {
    setShown({ sectionName: selected.sectionName, parentSectionId: selected.parentSectionId });
    setName(selected.sectionName);
    setParent(selected.parentSectionId);
  }
  // ...and forgets the last write's outcome then; reset is stable, the mutation objects are not.
  const { reset: resetEdit } = edit;
  const { reset: resetRemove } = remove;
  useEffect(() => {
    resetEdit();
    resetRemove();
  }, [selected.sectionId, selected.sectionName, selected.parentSectionId, resetEdit, resetRemove]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    edit.mutate({ sectionId: selected.sectionId, sectionName: name, parentSectionId: parent });
  };
  const parentName = selected.parentSectionId === null ? 'the top level' : sectionPath(sections, selected.parentSectionId);
  return (
    <form className="stack-form" onSubmit={submit}>
      <h3>
        Section “<bdi>{selected.sectionName}</bdi>”
      </h3>
      <label htmlFor="edit-section-name">Name</label>
      <input id="edit-section-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
      <label htmlFor="edit-section-parent">Move under</label>
      <SectionSelect
        id="edit-section-parent"
        sections={moveTargets(sections, selected.sectionId)}
        all={sections}
        value={parent}
        onChange={setParent}
        noneLabel="(top level)"
      />
      <ErrorMessage error={edit.error ?? remove.error} />
      <div className="button-row">
        <button type="submit" className="button" disabled={edit.isPending}>
          Save section
        </button>
        {canDelete && (
          <button type="button" className="button danger" onClick={() => setConfirming(true)}>
            Delete section
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete section “${selected.sectionName}”?`}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(selected.sectionId, {
            onSuccess: (r) => onSelect(r.parentSectionId ?? undefined),
            onSettled: () => setConfirming(false),
          })
        }
        onClose={() => setConfirming(false)}
      >
        <p>Its tests and subsections move to {parentName}.</p>
      </ConfirmDialog>
    </form>
  );
}

// Open beside the list on wide screens; folded on a phone, where it would push the tests far down.
const wide = () => window.matchMedia('(min-width: 56rem)').matches;

/** Add a section; rename, move or (Admin) delete the selected one. */
export function SectionEditor(props: Props) {
  const [open] = useState(wide);
  return (
    <details className="section-editor" open={open}>
      <summary>Edit sections</summary>
      {props.selected && <EditSectionForm key={props.selected.sectionId} {...props} selected={props.selected} />}
      <AddSectionForm {...props} />
    </details>
  );
}

import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { useEditConfigurationGroup } from '../api/edit-configuration-group';
import type { ConfigurationGroup } from '../api/get-configurations';
import { optionsBody, repeatedName, type OptionRow } from '../option-list';
import { OptionRows } from './option-rows';

/** Edits a group in place: its name, and its options renamed, added, removed and put in order; saved as one edit. */
export function GroupEditor({ group, projectId, onClose }: { group: ConfigurationGroup; projectId: number; onClose: () => void }) {
  const edit = useEditConfigurationGroup(projectId);
  const [name, setName] = useState(group.name);
  const [rows, setRows] = useState<OptionRow[]>(() =>
    group.options.map((o) => ({ key: `o${o.optionId}`, optionId: o.optionId, name: o.name })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const idPrefix = `edit-group-${group.groupId}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const repeated = repeatedName(rows.map((r) => r.name));
    if (rows.length === 0) return setProblem('Keep at least one option.');
    if (rows.some((r) => r.name.trim() === '')) return setProblem('Every option needs a name.');
    if (repeated) return setProblem(`“${repeated}” is listed twice.`);
    setProblem(null);
    edit.mutate(
      { groupId: group.groupId, ...(name.trim() !== group.name && { name: name.trim() }), options: optionsBody(rows) },
      { onSuccess: onClose },
    );
  };
  return (
    <form className="configuration-form" onSubmit={submit} aria-label={`Edit ${group.name}`}>
      <div className="field">
        <label htmlFor={`${idPrefix}-name`}>Name</label>
        <input id={`${idPrefix}-name`} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
      </div>
      <OptionRows idPrefix={idPrefix} rows={rows} onChange={setRows} />
      <div className="button-row">
        <button type="submit" className="button small" disabled={edit.isPending}>
          Save
        </button>
        <button type="button" className="button small secondary" onClick={() => (edit.reset(), onClose())}>
          Cancel
        </button>
      </div>
      <ErrorMessage error={problem ?? edit.error} />
    </form>
  );
}

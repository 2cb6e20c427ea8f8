import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { useAddConfigurationGroup } from '../api/add-configuration-group';
import { parseOptions, repeatedName } from '../option-list';

/** A new group: its name and its options, one a line or separated by commas; emptied once added. */
export function NewGroupForm({ projectId }: { projectId: number }) {
  const add = useAddConfigurationGroup(projectId);
  const [name, setName] = useState('');
  const [optionText, setOptionText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const options = parseOptions(optionText);
    const repeated = repeatedName(options);
    if (options.length === 0) return setProblem('Give at least one option.');
    if (repeated) return setProblem(`“${repeated}” is listed twice.`);
    setProblem(null);
    add.mutate({ name: name.trim(), options }, { onSuccess: () => (setName(''), setOptionText('')) });
  };
  return (
    <form className="configuration-form" onSubmit={submit} aria-label="New configuration group">
      <div className="field">
        <label htmlFor="new-group-name">Name</label>
        <input
          id="new-group-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={100}
          placeholder="e.g. Browser"
        />
      </div>
      <div className="field">
        <label htmlFor="new-group-options">Options, one a line or separated by commas</label>
        <textarea
          id="new-group-options"
          rows={4}
          value={optionText}
          onChange={(e) => setOptionText(e.target.value)}
          placeholder="e.g. Chrome, Firefox, Safari"
        />
      </div>
      <div className="button-row">
        <button type="submit" className="button small" disabled={add.isPending}>
          Add group
        </button>
      </div>
      <ErrorMessage error={problem ?? add.error} />
    </form>
  );
}

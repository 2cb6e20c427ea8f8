import { IdSelect } from '../../../components/id-select';
import { toggledId, type AssignMode, type EntryDraft } from '../plan-entry';

const MODES: { mode: AssignMode; label: string }[] = [
  { mode: 'nobody', label: 'Nobody' },
  { mode: 'one', label: 'One member' },
  { mode: 'split', label: 'Split between members (by sections, the same in each run)' },
];

/** Who executes the entry's tests: nobody yet, one member, or several who split them. */
export function EntryAssign({
  draft,
  members,
  onChange,
}: {
  draft: EntryDraft;
  members: { userId: number; name: string }[];
  onChange: (change: Partial<EntryDraft>) => void;
}) {
  const id = `entry-${draft.key}-assignee`;
  return (
    <fieldset className="entry-assign">
      <legend>Assign</legend>
      {MODES.map(({ mode, label }) => (
        <label key={mode} className="choice">
          <input
            type="radio"
            name={`entry-${draft.key}-assign`}
            checked={draft.assign === mode}
            onChange={() => onChange({ assign: mode })}
          />
          {label}
        </label>
      ))}
      {draft.assign === 'one' && (
        <div className="entry-assignee">
          <label htmlFor={id}>Member</label>
          <IdSelect
            id={id}
            value={draft.assignee}
            options={members.map((m) => ({ id: m.userId, name: m.name }))}
            none="(choose)"
            onChange={(assignee) => onChange({ assignee })}
          />
        </div>
      )}
      {draft.assign === 'split' && (
        <fieldset>
          <legend>Members</legend>
          {members.map((m) => (
            <label key={m.userId} className="choice">
              <input
                type="checkbox"
                checked={draft.splitBetween.has(m.userId)}
                onChange={(e) => onChange({ splitBetween: toggledId(draft.splitBetween, m.userId, e.target.checked) })}
              />
              <bdi>{m.name}</bdi>
            </label>
          ))}
        </fieldset>
      )}
    </fieldset>
  );
}

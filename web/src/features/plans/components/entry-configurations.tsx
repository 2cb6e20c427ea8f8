import { Link } from 'react-router';
import type { ConfigurationGroup } from '../../configurations';
import { toggledId } from '../plan-entry';

/** For each configuration group, its options as checkboxes; the entry's combinations are their cross product. */
export function EntryConfigurations({
  projectId,
  groups,
  checked,
  onChange,
}: {
  projectId: number;
  groups: ConfigurationGroup[] | undefined;
  checked: ReadonlySet<number>;
  onChange: (checked: ReadonlySet<number>) => void;
}) {
  return (
    <fieldset className="entry-configurations">
      <legend>Configurations</legend>
      {groups?.length === 0 && (
        <p className="muted">
          The project has no <Link to={`/projects/${projectId}/configurations`}>configurations</Link>: the entry makes one run.
        </p>
      )}
      {groups && groups.length > 0 && (
        <p className="muted">
          One run per combination: each checked option of a group with each checked option of every other group that has one checked. Groups
          with nothing checked are left out; nothing checked at all makes one run without a configuration.
        </p>
      )}
      <div className="entry-groups">
        {groups?.map((g) => (
          <fieldset key={g.groupId}>
            <legend>
              <bdi>{g.name}</bdi>
            </legend>
            {g.options.map((o) => (
              <label key={o.optionId} className="choice">
                <input
                  type="checkbox"
                  checked={checked.has(o.optionId)}
                  onChange={(e) => onChange(toggledId(checked, o.optionId, e.target.checked))}
                />
                <bdi>{o.name}</bdi>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}

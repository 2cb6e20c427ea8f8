import './org-picker.css';

interface Props {
  /** The organizations to choose from (the caller administers them). */
  orgIds: number[];
  orgId: number;
  orgName: (orgId: number) => string;
  onChoose: (orgId: number) => void;
  /** The select's id, unique on the page. */
  id: string;
}

/** Which organization a screen shows: a select when there are several, else its name. */
export function OrgPicker({ orgIds, orgId, orgName, onChoose, id }: Props) {
  return (
    <div className="org-picker">
      {orgIds.length > 1 ? (
        <>
          <label htmlFor={id}>Organization</label>
          <select id={id} value={orgId} onChange={(e) => onChoose(Number(e.target.value))}>
            {orgIds.map((o) => (
              <option key={o} value={o}>
                {orgName(o)}
              </option>
            ))}
          </select>
        </>
      ) : (
        <p className="muted">
          Organization: <strong>{orgName(orgId)}</strong>
        </p>
      )}
    </div>
  );
}

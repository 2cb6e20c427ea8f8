import type { DefectLink } from '../lib/defect-link';
import './defect-links.css';

interface Props {
  defects: readonly DefectLink[];
  max?: number;
  label?: string;
  /** Given where the defects may be changed: each gets a button removing it. */
  onRemove?: (id: string) => void;
}

/**
 * A result's defects: each a link to the tracker where it has one (the server makes it from the
 * project's template; only http(s) links exist), else its id as text. Opens in a new tab, so the
 * run being executed stays where it is. `max` shows the first ones and how many more.
 */
export function DefectLinks({ defects, max, label = 'Defects', onRemove }: Props) {
  if (defects.length === 0) return null;
  const shown = max === undefined ? defects : defects.slice(0, max);
  const more = defects.length - shown.length;
  return (
    <ul className="defect-links" aria-label={label}>
      {shown.map((d) => (
        <li key={d.id}>
          {d.url ? (
            <a href={d.url} target="_blank" rel="noopener noreferrer">
              <bdi>{d.id}</bdi>
            </a>
          ) : (
            <bdi>{d.id}</bdi>
          )}
          {onRemove && (
            <button
              type="button"
              className="defect-remove"
              aria-label={`Remove defect ${d.id}`}
              title="Remove"
              onClick={() => onRemove(d.id)}
            >
              ×
            </button>
          )}
        </li>
      ))}
      {more > 0 && <li className="muted">+{more}</li>}
    </ul>
  );
}

import type { VersionEntry } from './api';
import { fieldLabel } from './version-content';

interface Props {
  entries: VersionEntry[];
  /** The versions picked to compare. */
  from: number;
  to: number;
  onPick: (pick: { from?: number; to?: number }) => void;
  /** Offers Restore on every version but the current one (a User's or an Admin's). */
  onRestore?: (version: number) => void;
}

/** What a version did, in words: the fields it changed. */
function changeText(entry: VersionEntry): string {
  const fields = entry.changedFields.map(fieldLabel).join(', ');
  if (entry.version === 1) return fields ? `Created with ${fields}` : 'As it was before history was kept';
  return fields ? `Changed ${fields}` : 'No field changed';
}

/**
 * The versions, newest first: who, when, which fields; two radio groups pick the versions to
 * compare (arrow keys move within each), and Restore asks before it makes an old one current.
 */
export function VersionList({ entries, from, to, onPick, onRestore }: Props) {
  const current = entries[0]?.version;
  return (
    <ol className="version-list" aria-label="Versions, newest first">
      {entries.map((entry) => (
        <li key={entry.version} className="version-entry" data-current={entry.version === current || undefined}>
          <div className="version-head">
            <strong>Version {entry.version}</strong>
            {entry.version === current && <span className="version-current">current</span>}
            <span className="muted">
              {entry.userName ?? 'Unknown user'} · <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
            </span>
          </div>
          <p className="version-fields">{changeText(entry)}</p>
          <div className="version-actions">
            <label>
              <input type="radio" name="compare-from" checked={from === entry.version} onChange={() => onPick({ from: entry.version })} />{' '}
              Compare from<span className="sr-only"> version {entry.version}</span>
            </label>
            <label>
              <input type="radio" name="compare-to" checked={to === entry.version} onChange={() => onPick({ to: entry.version })} /> to
              <span className="sr-only"> version {entry.version}</span>
            </label>
            {onRestore && entry.version !== current && (
              <button type="button" className="button secondary small" onClick={() => onRestore(entry.version)}>
                Restore<span className="sr-only"> version {entry.version}</span>
              </button>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

import { useId, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { useTestVersion } from './api';
import { useNames } from './use-names';
import { compareVersions, textDiff } from './version-content';

interface Props {
  projectId: number;
  testId: number;
  older: number;
  newer: number;
}

/** One side of a field: the common text, and its own changes marked by more than colour (struck through or underlined, and named). */
function Side({ older, newer, side }: { older: string; newer: string; side: 'older' | 'newer' }) {
  if ((side === 'older' ? older : newer) === '') return <span className="muted">(none)</span>;
  return textDiff(older, newer).map((part, i) => {
    if (part.removed)
      return side === 'older' ? (
        <del key={i}>
          <span className="sr-only">removed: </span>
          {part.value}
        </del>
      ) : null;
    if (part.added)
      return side === 'newer' ? (
        <ins key={i}>
          <span className="sr-only">added: </span>
          {part.value}
        </ins>
      ) : null;
    return <span key={i}>{part.value}</span>;
  });
}

/** Two versions side by side, field by field: the fields that differ, or every field when asked. */
export function VersionDiff({ projectId, testId, older, newer }: Props) {
  const a = useTestVersion(projectId, testId, older);
  const b = useTestVersion(projectId, testId, newer);
  const nameOf = useNames(projectId);
  const [all, setAll] = useState(false);
  const id = useId();
  if (a.error || b.error) return <ErrorMessage error={a.error ?? b.error} />;
  if (!a.data || !b.data)
    return (
      <p className="muted">
        Loading versions {older} and {newer}…
      </p>
    );
  const rows = compareVersions(a.data.content, b.data.content, nameOf);
  const shown = rows.filter((r) => all || r.changed);
  return (
    <section className="version-diff" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>
        Version {older} compared with version {newer}
      </h3>
      <p className="muted version-diff-legend">
        Removed text is <del>struck through</del>, added text is <ins>underlined</ins>.
      </p>
      <label className="version-diff-all">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Show unchanged fields
      </label>
      {shown.length === 0 && <p>These versions hold the same content.</p>}
      {shown.map((row) => (
        <div key={row.field} className="version-diff-field" role="group" aria-labelledby={`${id}-${row.field}`}>
          <h4 id={`${id}-${row.field}`}>
            {row.label}
            {!row.changed && <span className="muted"> (unchanged)</span>}
          </h4>
          <div className="version-diff-sides">
            {(['older', 'newer'] as const).map((side) => (
              <div key={side} className="version-diff-side" data-side={side}>
                <span className="version-diff-side-label">Version {side === 'older' ? older : newer}</span>
                <div className="version-diff-text">
                  <Side older={row.older} newer={row.newer} side={side} />
                </div>
              </div>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}

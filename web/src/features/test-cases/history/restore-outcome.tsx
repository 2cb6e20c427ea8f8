import type { RestoreResult } from './api';
import { fieldLabel } from './version-content';

/** What a restore did: the new version, or that nothing changed; and what could not come back, and why. */
export function RestoreOutcome({ result }: { result: RestoreResult }) {
  const field = (name: string) => {
    const [head, ...rest] = name.split('.');
    return [fieldLabel(head), ...rest].join(' ');
  };
  return (
    <div className="restore-outcome">
      <p>
        {result.recorded
          ? `Version ${result.restoredFrom} restored: the test is now version ${result.test.version}.`
          : `The test already holds what version ${result.restoredFrom} held: nothing changed.`}
      </p>
      {result.notRestored.length > 0 && (
        <>
          <p>Not restored, as it no longer fits the project:</p>
          <ul>
            {result.notRestored.map((n) => (
              <li key={n.field}>
                <strong>{field(n.field)}</strong>: {n.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

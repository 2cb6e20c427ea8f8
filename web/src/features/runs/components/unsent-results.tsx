import { openSignIn } from '../../../lib/session';
import type { OutboxState } from '../outbox';

/**
 * How many of the run's marks the server does not have yet, and why: offline (sent when the
 * connection returns), the session ended (sent once signed in again), or a failed try (retried).
 * Says nothing while marks are merely on their way.
 */
export function UnsentResults({ unsent, state }: { unsent: number; state: OutboxState }) {
  let text: string | null = null;
  if (state === 'offline')
    text = unsent
      ? 'not sent: you are offline. They are kept on this device and sent when the connection returns.'
      : 'You are offline: results you mark are kept on this device and sent when the connection returns.';
  else if (state === 'signed-out') text = 'not sent: your session has ended. They are kept and sent once you sign in again.';
  else if (state === 'retrying') text = 'not sent yet: the server did not answer. Trying again…';
  const shown = text !== null && (unsent > 0 || state === 'offline');
  return (
    <div className="run-unsent" role="status" data-state={shown ? state : undefined}>
      {shown && (
        <>
          <span>
            {unsent > 0 && (
              <>
                <strong data-testid="unsent-count">{unsent}</strong> {unsent === 1 ? 'result' : 'results'}{' '}
              </>
            )}
            {text}
          </span>
          {state === 'signed-out' && (
            <button type="button" className="button secondary" onClick={openSignIn}>
              Sign in again
            </button>
          )}
        </>
      )}
    </div>
  );
}

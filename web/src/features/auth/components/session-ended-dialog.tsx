import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog';
import { queryClient } from '../../../lib/query-client';
import { leaveToSignIn, sessionRestored, signInUrl, useSessionEnded } from '../../../lib/session';
import { signInWithToken } from '../api/sign-in-with-token';
import '../auth.css';

/**
 * Says that the session ended (expired, or signed out elsewhere) instead of leaving the page:
 * what is not sent yet stays, and the person signs in again here with a token, or on the login
 * page (OAuth), which comes back to this page.
 */
export function SessionEndedDialog() {
  const { ended, ask } = useSessionEnded();
  const [dismissed, setDismissed] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const field = new FormData(e.currentTarget).get('token');
    const token = typeof field === 'string' ? field : '';
    setBusy(true);
    try {
      await signInWithToken(token);
      setError(null);
      sessionRestored();
      // What failed while signed out is read again.
      void queryClient.invalidateQueries();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={ended && dismissed !== ask} onClose={() => setDismissed(ask)} title="Your session has ended">
      <p>
        You were signed out: the session expired or was ended elsewhere. Nothing is lost: what you have not sent yet is kept on this device
        and sent once you sign in again.
      </p>
      <form className="session-form" onSubmit={(e) => void submit(e)}>
        <label htmlFor="session-token">API token</label>
        <input
          id="session-token"
          name="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'session-token-error' : undefined}
        />
        {error && (
          <p id="session-token-error" className="error-message" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            Sign in with token
          </button>
          <button type="button" className="button secondary" onClick={() => setDismissed(ask)}>
            Not now
          </button>
        </div>
      </form>
      <p>
        Or{' '}
        <a
          href={signInUrl()}
          onClick={(e) => {
            e.preventDefault();
            leaveToSignIn();
          }}
        >
          sign in on the sign-in page
        </a>{' '}
        (with your identity provider): it brings you back here.
      </p>
    </Dialog>
  );
}

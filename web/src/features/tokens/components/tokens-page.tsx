import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { useMe } from '../../auth/api/get-me';
import { useGenerateToken } from '../api/generate-token';
import { NewTokenSecret } from './new-token-secret';
import { TokenList } from './token-list';
import '../tokens.css';

/** API tokens: generate one (its secret shown once), see each token's use, revoke. */
export function TokensPage() {
  const me = useMe();
  const generate = useGenerateToken();
  const [name, setName] = useState('');
  // The secret lives only here: gone on reload or when dismissed, never in the query cache.
  const [created, setCreated] = useState<{ name: string; token: string }>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!me.data) return;
    setCreated(undefined);
    generate.mutate(
      { userId: me.data.userId, name: name.trim() },
      {
        onSuccess: (token) => {
          setCreated({ name: token.name, token: token.token });
          setName('');
        },
      },
    );
  };

  return (
    <Page title="API tokens">
      <p className="muted">
        A token lets scripts, CI and assistants (MCP) call the Casebook API as you, with your roles: send it as{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <section aria-labelledby="generate-heading" className="tokens-generate">
        <h2 id="generate-heading">Generate a token</h2>
        <form onSubmit={submit} className="tokens-form">
          <label htmlFor="token-name">Name</label>
          <input
            id="token-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={100}
            aria-describedby="token-name-hint"
            autoComplete="off"
          />
          <button type="submit" className="button" disabled={generate.isPending || !me.data}>
            Generate token
          </button>
          <p id="token-name-hint" className="muted tokens-hint">
            What will use it, e.g. “CI pipeline”.
          </p>
        </form>
        <ErrorMessage error={generate.error} />
        {created && <NewTokenSecret {...created} onDone={() => setCreated(undefined)} />}
      </section>
      <TokenList />
    </Page>
  );
}

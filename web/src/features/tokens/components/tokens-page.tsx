import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { useMe, useOrgs } from '../../auth';
import { useGenerateToken } from '../api/generate-token';
import { TokenList } from './token-list';
import '../tokens.css';
import { CopyOnceSecret } from '../../../components/copy-once-secret';

/** API tokens: generate one (its secret shown once), see each token's use, revoke. */
export function TokensPage() {
  const me = useMe();
  const generate = useGenerateToken();
  const orgs = useOrgs();
  const [name, setName] = useState('');
  // Spaces pass the input's `required`; the server refuses a blank name too (400).
  const [blank, setBlank] = useState(false);
  // The organizations the new token may act in; unticked ones stay out of its reach for good.
  const [excluded, setExcluded] = useState<number[]>([]);
  const scope = (orgs.data ?? []).map((o) => o.orgId).filter((orgId) => !excluded.includes(orgId));
  const toggle = (orgId: number) => setExcluded((now) => (now.includes(orgId) ? now.filter((id) => id !== orgId) : [...now, orgId]));
  // The secret lives only here: gone on reload or when dismissed, never in the query cache.
  const [created, setCreated] = useState<{ name: string; token: string }>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!me.data) return;
    setBlank(name.trim() === '');
    if (name.trim() === '') return;
    setCreated(undefined);
    generate.mutate(
      { userId: me.data.userId, name: name.trim(), ...(excluded.length ? { orgIds: scope } : {}) },
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
        A token lets scripts, CI and assistants (MCP) call the Casebook API as you, with your roles, in the organizations chosen when it is
        made (an organization you join later stays out of its reach): send it as <code>Authorization: Bearer &lt;token&gt;</code>.
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
            aria-describedby={blank ? 'token-name-error token-name-hint' : 'token-name-hint'}
            aria-invalid={blank || undefined}
            autoComplete="off"
          />
          {blank && (
            <p id="token-name-error" role="alert" className="error-message">
              Give the token a name: spaces alone are not one.
            </p>
          )}
          {(orgs.data?.length ?? 0) > 1 && (
            <fieldset className="tokens-scope">
              <legend>Organizations it may act in</legend>
              {orgs.data!.map((org) => (
                <label key={org.orgId}>
                  <input type="checkbox" checked={!excluded.includes(org.orgId)} onChange={() => toggle(org.orgId)} /> {org.orgName}
                </label>
              ))}
            </fieldset>
          )}
          <button type="submit" className="button" disabled={generate.isPending || !me.data || scope.length === 0}>
            Generate token
          </button>
          <p id="token-name-hint" className="muted tokens-hint">
            What will use it, e.g. “CI pipeline”.
          </p>
        </form>
        <ErrorMessage error={generate.error} />
        {created && (
          // Shown once: it lives only in this page's state.
          <CopyOnceSecret
            title={`Token “${created.name}” generated`}
            label="New token"
            secret={created.token}
            onDone={() => setCreated(undefined)}
          >
            Casebook keeps only a hash of it. If you lose it, revoke it and generate another.
          </CopyOnceSecret>
        )}
      </section>
      <TokenList />
    </Page>
  );
}

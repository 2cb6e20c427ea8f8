import { useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { useOrgs } from '../../auth';
import { useRevokeToken } from '../api/revoke-token';
import { useTokens } from '../api/get-tokens';
import { formatWhen, isRevoked, sortTokens, tokenLabel } from '../token-format';
import { TableHead } from '../../../components/table-head';

/** The caller's tokens with their use and state; an active one is revoked after a confirm step. */
export function TokenList() {
  const tokens = useTokens();
  const orgs = useOrgs();
  // A token's scope may name an organization the caller has left since: shown by its id.
  const orgName = (orgId: number) => orgs.data?.find((o) => o.orgId === orgId)?.orgName ?? `Organization ${orgId}`;
  const revoke = useRevokeToken();
  const [confirming, setConfirming] = useState<number>();
  const [announcement, setAnnouncement] = useState('');

  const confirm = (tokenId: number, label: string) =>
    revoke.mutate(tokenId, {
      onSuccess: () => {
        setConfirming(undefined);
        setAnnouncement(`Token “${label}” revoked`);
      },
    });

  return (
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Your tokens</h2>
      <ErrorMessage error={tokens.error ?? revoke.error} />
      <p role="status" className="tokens-status">
        {announcement}
      </p>
      {tokens.isPending && <p className="muted">Loading…</p>}
      {tokens.data?.length === 0 && <p className="muted">You have no tokens yet.</p>}
      {!!tokens.data?.length && (
        <table className="data-table tokens-table">
          <TableHead columns={['Name', 'Organizations', 'Created', 'Last used', 'State']} actions />
          <tbody>
            {sortTokens(tokens.data).map((token) => {
              const label = tokenLabel(token);
              return (
                <tr key={token.tokenId} className={isRevoked(token) ? 'revoked' : undefined}>
                  <th scope="row">{label}</th>
                  <td data-label="Organizations">{token.orgIds.length ? token.orgIds.map(orgName).join(', ') : 'None'}</td>
                  <td data-label="Created">{formatWhen(token.createdAt)}</td>
                  <td data-label="Last used">{formatWhen(token.lastUsedAt)}</td>
                  <td data-label="State">{isRevoked(token) ? `Revoked ${formatWhen(token.revokedAt)}` : 'Active'}</td>
                  <td className="tokens-actions">
                    {!isRevoked(token) && confirming !== token.tokenId && (
                      <button
                        type="button"
                        className="button secondary"
                        aria-label={`Revoke “${label}”`}
                        onClick={() => setConfirming(token.tokenId)}
                      >
                        Revoke
                      </button>
                    )}
                    {!isRevoked(token) && confirming === token.tokenId && (
                      <span className="tokens-confirm">
                        <span>Revoke it? Clients using it stop working.</span>
                        <button
                          type="button"
                          className="button danger"
                          autoFocus
                          disabled={revoke.isPending}
                          onClick={() => confirm(token.tokenId, label)}
                        >
                          Yes, revoke
                        </button>
                        <button type="button" className="button secondary" onClick={() => setConfirming(undefined)}>
                          Cancel
                        </button>
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

import { useEffect, useRef, useState } from 'react';

/**
 * The secret of a token just generated: shown once (it lives only in this component's state),
 * with a Copy button that falls back to selecting the text where the clipboard is refused.
 */
export function NewTokenSecret({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState('');

  // The user's next move is copying it: put focus there.
  useEffect(() => input.current?.focus(), [token]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopyStatus('Copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopyStatus('Selected: press Ctrl+C (⌘C on a Mac) to copy');
    }
  };

  return (
    <section className="new-token" aria-labelledby="new-token-heading">
      <h3 id="new-token-heading">Token “{name}” generated</h3>
      <p className="new-token-warning">
        <strong>Copy it now: you won't see it again.</strong> Casebook keeps only a hash of it. If you lose it, revoke it and generate
        another.
      </p>
      <label htmlFor="new-token-secret">New token</label>
      <div className="new-token-row">
        <input
          id="new-token-secret"
          ref={input}
          className="new-token-secret"
          readOnly
          value={token}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="button" onClick={copy}>
          Copy
        </button>
      </div>
      <p role="status" className="new-token-status">
        {copyStatus}
      </p>
      <button type="button" className="button secondary" onClick={onDone}>
        Done, hide it
      </button>
    </section>
  );
}

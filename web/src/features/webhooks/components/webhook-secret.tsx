import { useEffect, useId, useRef, useState } from 'react';

interface Props {
  /** What the secret is of, e.g. "New webhook's signing secret". */
  title: string;
  secret: string;
  onDone: () => void;
}

/**
 * A webhook's signing secret, as the create or rotate answer gave it: shown once (it lives only in
 * the owner's state), with a Copy button that falls back to selecting the text where the
 * clipboard is refused.
 */
export function WebhookSecret({ title, secret, onDone }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState('');

  // The Admin's next move is copying it: put focus there.
  useEffect(() => input.current?.focus(), [secret]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopyStatus('Copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopyStatus('Selected: press Ctrl+C (⌘C on a Mac) to copy');
    }
  };

  return (
    <section className="webhook-secret" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{title}</h3>
      <p>
        <strong>Copy it now: you will not see it again.</strong> Your receiver checks each delivery's <code>webhook-signature</code> with
        it. If you lose it, rotate the secret.
      </p>
      <label htmlFor={`${id}-secret`}>Signing secret</label>
      <div className="webhook-secret-row">
        <input id={`${id}-secret`} ref={input} readOnly value={secret} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button" onClick={copy}>
          Copy
        </button>
      </div>
      <p role="status" className="webhook-secret-status">
        {copyStatus}
      </p>
      <button type="button" className="button secondary" onClick={onDone}>
        Done, hide it
      </button>
    </section>
  );
}

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './copy-once-secret.css';

interface Props {
  /** What was made, e.g. "Secret rotated". */
  title: ReactNode;
  /** The field's label, e.g. "Signing secret". */
  label: string;
  secret: string;
  /** What the secret is for and what to do if it is lost, after "Copy it now". */
  children: ReactNode;
  onDone: () => void;
}

/**
 * A secret the server shows once (a new API token, a webhook's signing secret): it lives only in
 * the owner's state, with a Copy button that falls back to selecting the text where the clipboard
 * is refused, and Done to hide it.
 */
export function CopyOnceSecret({ title, label, secret, children, onDone }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState('');

  // The next move is copying it: put focus there.
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
    <section className="copy-once-secret" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{title}</h3>
      <p>
        <strong>Copy it now: you will not see it again.</strong> {children}
      </p>
      <label htmlFor={`${id}-secret`}>{label}</label>
      <div className="copy-once-secret-row">
        <input id={`${id}-secret`} ref={input} readOnly value={secret} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button" onClick={copy}>
          Copy
        </button>
      </div>
      <p role="status" className="copy-once-secret-status">
        {copyStatus}
      </p>
      <button type="button" className="button secondary" onClick={onDone}>
        Done, hide it
      </button>
    </section>
  );
}

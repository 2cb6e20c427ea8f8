import { CopyOnceSecret } from '../../../components/copy-once-secret';

/** A webhook's signing secret, as the create or rotate answer gave it: shown once. */
export function WebhookSecret({ title, secret, onDone }: { title: string; secret: string; onDone: () => void }) {
  return (
    <CopyOnceSecret title={title} label="Signing secret" secret={secret} onDone={onDone}>
      Your receiver checks each delivery's <code>webhook-signature</code> with it. If you lose it, rotate the secret.
    </CopyOnceSecret>
  );
}

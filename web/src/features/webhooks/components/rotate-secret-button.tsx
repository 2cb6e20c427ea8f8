import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog } from '../../../components/dialog';
import { ErrorMessage } from '../../../components/error-message';
import { useRotateSecret } from '../api/rotate-secret';
import { WebhookSecret } from './webhook-secret';

/** "Rotate secret": asks first (the old secret stops signing at once), then shows the new one, once. */
export function RotateSecretButton({ webhookId, describedBy }: { webhookId: number; describedBy: string }) {
  const rotate = useRotateSecret();
  const [asking, setAsking] = useState(false);
  // The new secret lives only here, never in the query cache.
  const [secret, setSecret] = useState<string>();

  return (
    <>
      <button type="button" className="button secondary" aria-describedby={describedBy} onClick={() => (rotate.reset(), setAsking(true))}>
        Rotate secret
      </button>
      <ConfirmDialog
        open={asking}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          rotate.mutate(webhookId, {
            onSuccess: (answer) => {
              setAsking(false);
              setSecret(answer.secret);
            },
          })
        }
      >
        <p>Deliveries are signed with a new secret from now on: your receiver must be given it, or it will refuse them.</p>
        <ErrorMessage error={rotate.error} />
      </ConfirmDialog>
      <Dialog open={secret !== undefined} title="New signing secret" onClose={() => setSecret(undefined)}>
        {secret && <WebhookSecret title="Secret rotated" secret={secret} onDone={() => setSecret(undefined)} />}
      </Dialog>
    </>
  );
}

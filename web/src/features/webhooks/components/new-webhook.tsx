import { useEffect, useRef, useState } from 'react';
import { useCreateWebhook } from '../api/create-webhook';
import { NEW_WEBHOOK, WebhookForm, type WebhookValues } from './webhook-form';
import { WebhookSecret } from './webhook-secret';

/** "Add a webhook": the form behind a button, then the new webhook's signing secret, shown once. */
export function NewWebhook({ orgId }: { orgId: number }) {
  const create = useCreateWebhook();
  const [open, setOpen] = useState(false);
  // The secret lives only here: gone on reload or when dismissed, never in the query cache.
  const [secret, setSecret] = useState<string>();
  // The form and the secret take the focus from this button; when both are gone, it gets it back.
  const addButton = useRef<HTMLButtonElement>(null);
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current && !open && !secret) addButton.current?.focus();
    shown.current = open || secret !== undefined;
  }, [open, secret]);

  const submit = ({ projectId, ...values }: WebhookValues) =>
    create.mutate(
      { orgId, ...values, ...(projectId === null ? {} : { projectId }) },
      {
        onSuccess: (webhook) => {
          setOpen(false);
          setSecret(webhook.secret);
        },
      },
    );

  return (
    <section className="webhook-new" aria-labelledby="webhook-new-heading">
      <h2 id="webhook-new-heading">Add a webhook</h2>
      {secret && <WebhookSecret title="Webhook added: its signing secret" secret={secret} onDone={() => setSecret(undefined)} />}
      {!open && (
        <button
          ref={addButton}
          type="button"
          className="button"
          onClick={() => {
            create.reset();
            setSecret(undefined);
            setOpen(true);
          }}
        >
          Add webhook
        </button>
      )}
      {open && (
        <WebhookForm
          orgId={orgId}
          initial={NEW_WEBHOOK}
          submitLabel="Add webhook"
          pending={create.isPending}
          error={create.error}
          onSubmit={submit}
          onCancel={() => setOpen(false)}
        />
      )}
    </section>
  );
}

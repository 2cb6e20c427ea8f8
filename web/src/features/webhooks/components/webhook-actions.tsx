import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog } from '../../../components/dialog';
import { ErrorMessage } from '../../../components/error-message';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useEditWebhook } from '../api/edit-webhook';
import type { Webhook } from '../api/get-webhooks';
import { useTestWebhook } from '../api/test-webhook';
import { RotateSecretButton } from './rotate-secret-button';
import { WebhookForm, type WebhookValues } from './webhook-form';

interface Props {
  webhook: Webhook;
  orgId: number;
  /** The id of the card's heading (its URL), which tells each card's buttons apart. */
  describedBy: string;
  onDone: (message: string, removedId?: number) => void;
}

/** A webhook's actions: send a test, pause or turn on, edit (a dialog), rotate its secret, delete (after asking). */
export function WebhookActions({ webhook, orgId, describedBy, onDone }: Props) {
  const test = useTestWebhook();
  const edit = useEditWebhook();
  const remove = useDeleteWebhook();
  const [dialog, setDialog] = useState<'edit' | 'delete'>();
  const close = () => setDialog(undefined);
  const { webhookId } = webhook;

  const save = (values: WebhookValues) =>
    edit.mutate({ webhookId, ...values }, { onSuccess: () => (close(), onDone(`Webhook ${values.url} saved`)) });
  // Turning a disabled webhook on again is how an Admin says the receiver is fixed.
  const toggle = () =>
    edit.mutate(
      { webhookId, active: !webhook.active },
      { onSuccess: () => onDone(`Webhook ${webhook.url} ${webhook.active ? 'paused' : 'turned on'}`) },
    );
  const sendTest = () =>
    test.mutate(webhookId, { onSuccess: () => onDone(`Test event sent to ${webhook.url}: its delivery shows under Deliveries`) });

  return (
    <>
      <button type="button" className="button secondary" aria-describedby={describedBy} disabled={test.isPending} onClick={sendTest}>
        Send test
      </button>
      <button type="button" className="button secondary" aria-describedby={describedBy} disabled={edit.isPending} onClick={toggle}>
        {webhook.active ? 'Pause' : 'Turn on'}
      </button>
      <button type="button" className="button secondary" aria-describedby={describedBy} onClick={() => (edit.reset(), setDialog('edit'))}>
        Edit
      </button>
      <RotateSecretButton webhookId={webhookId} describedBy={describedBy} />
      <button type="button" className="button danger" aria-describedby={describedBy} onClick={() => (remove.reset(), setDialog('delete'))}>
        Delete
      </button>
      {/* Outside the dialogs: what failed when no dialog is open (a test, a pause). */}
      {!dialog && (test.error || edit.error) ? (
        <div className="webhook-action-error">
          <ErrorMessage error={test.error ?? edit.error} />
        </div>
      ) : null}
      <Dialog open={dialog === 'edit'} title="Edit webhook" onClose={close}>
        <WebhookForm
          orgId={orgId}
          initial={{
            url: webhook.url,
            projectId: webhook.projectId ?? null,
            events: [...webhook.events],
            format: webhook.format,
            active: webhook.active,
          }}
          submitLabel="Save"
          pending={edit.isPending}
          error={edit.error}
          onSubmit={save}
          onCancel={close}
        />
      </Dialog>
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete webhook?"
        pending={remove.isPending}
        onClose={close}
        onConfirm={() => remove.mutate(webhookId, { onSuccess: () => (close(), onDone(`Webhook ${webhook.url} deleted`, webhookId)) })}
      >
        <p>
          <bdi className="webhook-url">{webhook.url}</bdi> gets no more events, and its deliveries are deleted with it.
        </p>
        <ErrorMessage error={remove.error} />
      </ConfirmDialog>
    </>
  );
}

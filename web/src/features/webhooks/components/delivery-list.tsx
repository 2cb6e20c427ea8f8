import { useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { Pager } from '../../../components/pager';
import { DELIVERIES_PAGE_SIZE, useDeliveries } from '../api/get-deliveries';
import { useRedeliver } from '../api/redeliver';
import { useTestWebhook } from '../api/test-webhook';
import { DeliveryRow } from './delivery-row';
import { TableHead } from '../../../components/table-head';

interface Props {
  webhookId: number;
  offset: number;
  onOffset: (offset: number) => void;
}

/** The deliveries table, newest first and paged, with Send test above it; it refreshes itself while on screen. */
export function DeliveryList({ webhookId, offset, onOffset }: Props) {
  const deliveries = useDeliveries(webhookId, offset);
  const test = useTestWebhook();
  const redeliver = useRedeliver(webhookId);
  const [announcement, setAnnouncement] = useState('');
  const [open, setOpen] = useState<number>();

  const sendTest = () => test.mutate(webhookId, { onSuccess: () => setAnnouncement('Test event sent: its delivery appears below.') });
  const again = (deliveryId: number) =>
    redeliver.mutate(deliveryId, {
      onSuccess: () => setAnnouncement(`Delivery ${deliveryId} sent again: the new delivery appears at the top.`),
    });

  return (
    <section aria-labelledby="deliveries-heading">
      <div className="webhook-deliveries-head">
        <h2 id="deliveries-heading">Deliveries</h2>
        <div className="button-row">
          <button type="button" className="button secondary" disabled={test.isPending} onClick={sendTest}>
            Send test
          </button>
          <button type="button" className="button secondary" disabled={deliveries.isFetching} onClick={() => deliveries.refetch()}>
            Refresh
          </button>
        </div>
      </div>
      <p className="muted webhook-hint">Each attempt is a row; the list looks for new ones every few seconds.</p>
      <p role="status" className="webhook-announcement">
        {announcement}
      </p>
      <ErrorMessage error={deliveries.error ?? test.error ?? redeliver.error} />
      {deliveries.isPending && <p className="muted">Loading…</p>}
      {deliveries.data?.deliveries.length === 0 && <p className="muted">Nothing delivered yet: events and tests show here once sent.</p>}
      {!!deliveries.data?.deliveries.length && (
        <table className="data-table webhook-deliveries">
          <TableHead columns={['When', 'Event', 'Attempt', 'Outcome', 'Duration', 'Next attempt']} actions />
          <tbody>
            {deliveries.data.deliveries.map((d) => (
              <DeliveryRow
                key={d.deliveryId}
                delivery={d}
                open={open === d.deliveryId}
                onToggle={() => setOpen(open === d.deliveryId ? undefined : d.deliveryId)}
                redelivering={redeliver.isPending && redeliver.variables === d.deliveryId}
                onRedeliver={() => again(d.deliveryId)}
              />
            ))}
          </tbody>
        </table>
      )}
      {deliveries.data && (
        <Pager
          label="Delivery pages"
          offset={offset}
          limit={DELIVERIES_PAGE_SIZE}
          total={deliveries.data.total}
          onOffset={onOffset}
          previousText="Newer"
          nextText="Older"
          emptyText="No deliveries"
        />
      )}
    </section>
  );
}

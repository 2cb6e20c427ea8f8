import { actionLabel, detailText } from '../audit-query';
import { TableHead } from '../../../components/table-head';

interface AuditEvent {
  auditId: number;
  actorId: number | null;
  tokenId: number | null;
  action: string;
  targetType: string;
  targetId: number | null;
  detail: Record<string, unknown> | null;
  createdAt: string;
}

/** The entries of one page: when, who (and with which token), what, on what. */
export function AuditTable({ events, nameOf }: { events: AuditEvent[]; nameOf: (userId: number | null) => string }) {
  return (
    <table className="data-table audit-table">
      <TableHead columns={['When', 'Who', 'What', 'On', 'Detail']} />
      <tbody>
        {events.map((e) => (
          <tr key={e.auditId}>
            <th scope="row">
              <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString()}</time>
            </th>
            <td data-label="Who">
              <bdi>{nameOf(e.actorId)}</bdi>
              {e.tokenId !== null && <span className="muted"> (token {e.tokenId})</span>}
            </td>
            <td data-label="What">{actionLabel(e.action)}</td>
            <td data-label="On">
              {e.targetType}
              {e.targetId !== null && ` ${e.targetId}`}
            </td>
            <td data-label="Detail">
              <bdi>{detailText(e.detail)}</bdi>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { downloadUrl, type Attachment } from '../api/get-attachments';
import { fileKind, fileSize, isImage } from '../file-kind';

interface Props {
  projectId: number;
  items: readonly Attachment[];
  /** The list's accessible name. */
  label: string;
  onOpen: (index: number) => void;
  /** Given to those who may delete: each file gets its delete button. */
  onDelete?: (attachment: Attachment) => void;
}

/** Files as tiles: a thumbnail for an image (its download, shown inline), a kind tag, name and size for the rest. */
export function AttachmentList({ projectId, items, label, onOpen, onDelete }: Props) {
  return (
    <ul className="attachment-list" aria-label={label}>
      {items.map((a, i) => (
        <li key={a.attachmentId} className="attachment-item">
          <button type="button" className="attachment-open" onClick={() => onOpen(i)}>
            <span className="sr-only">Open </span>
            {isImage(a.contentType) ? (
              <img className="attachment-thumb" src={downloadUrl(projectId, a.attachmentId)} alt="" loading="lazy" />
            ) : (
              <span className="attachment-kind" aria-hidden="true">
                {fileKind(a.contentType, a.fileName)}
              </span>
            )}
            <span className="attachment-name">
              <bdi>{a.fileName}</bdi>
            </span>
            <span className="attachment-size">{fileSize(a.size)}</span>
          </button>
          {onDelete && (
            <button
              type="button"
              className="attachment-delete"
              aria-label={`Delete ${a.fileName}`}
              title="Delete"
              onClick={() => onDelete(a)}
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A result's files as links to their downloads (a short list, e.g. in a history entry). */
export function AttachmentLinks({ projectId, items, label }: { projectId: number; items: readonly Attachment[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <ul className="attachment-links" aria-label={label}>
      {items.map((a) => (
        <li key={a.attachmentId}>
          <a href={downloadUrl(projectId, a.attachmentId)} target="_blank" rel="noopener noreferrer">
            <bdi>{a.fileName}</bdi>
          </a>{' '}
          <span className="muted">({fileSize(a.size)})</span>
        </li>
      ))}
    </ul>
  );
}

import { useEffect, useEffectEvent } from 'react';
import { Dialog } from '../../../components/dialog';
import { downloadUrl, type Attachment } from '../api/get-attachments';
import { fileKind, fileSize, isImage, opensInTab } from '../file-kind';

interface Props {
  projectId: number;
  items: readonly Attachment[];
  /** The file shown; null: closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/**
 * One file at a time in a dialog: an image large, a PDF or text with a link opening it in a tab,
 * anything else to download. The arrow keys move between the files; Escape closes and focus goes
 * back to the tile that opened it (the dialog does both).
 */
export function AttachmentViewer({ projectId, items, index, onIndex, onClose }: Props) {
  const a = index === null ? undefined : items[index];
  const i = index ?? 0;
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft' && i > 0) onIndex(i - 1);
    else if (e.key === 'ArrowRight' && i < items.length - 1) onIndex(i + 1);
    else return;
    e.preventDefault();
  });
  const open = a !== undefined;
  useEffect(() => {
    if (!open) return;
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [open]);

  const url = a ? downloadUrl(projectId, a.attachmentId) : '';
  return (
    <Dialog open={open} onClose={onClose} title={a?.fileName ?? 'File'}>
      {a && (
        <div className="attachment-viewer">
          {isImage(a.contentType) ? (
            <img className="attachment-large" src={url} alt={a.fileName} />
          ) : (
            <p className="attachment-viewer-file">
              <span className="attachment-kind" aria-hidden="true">
                {fileKind(a.contentType, a.fileName)}
              </span>{' '}
              {opensInTab(a.contentType) ? (
                <a href={url} target="_blank" rel="noopener noreferrer">
                  Open in a new tab
                </a>
              ) : (
                'This kind of file is not shown here: download it to open it.'
              )}
            </p>
          )}
          <p className="muted">
            {i + 1} of {items.length} · {a.contentType} · {fileSize(a.size)} · {new Date(a.createdAt).toLocaleString()}
            {items.length > 1 && ' · ← → move between files'}
          </p>
          <div className="button-row">
            {items.length > 1 && (
              <>
                <button type="button" className="button secondary" disabled={i === 0} onClick={() => onIndex(i - 1)}>
                  Previous
                </button>
                <button type="button" className="button secondary" disabled={i === items.length - 1} onClick={() => onIndex(i + 1)}>
                  Next
                </button>
              </>
            )}
            <a className="button secondary" href={url} download={a.fileName}>
              Download
            </a>
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { useAttachments, type Attachment, type AttachmentTarget } from '../api/get-attachments';
import { useDeleteAttachment } from '../api/delete-attachment';
import type { useUploadAttachments } from '../api/upload-attachments';
import { attachmentErrorText } from '../upload-errors';
import { AttachButton } from './attach-button';
import { AttachmentList } from './attachment-list';
import { AttachmentViewer } from './attachment-viewer';
import { UploadStatus } from './upload-status';
import '../attachments.css';

interface Props {
  target: AttachmentTarget;
  heading: string;
  /** The heading's level where the section sits (3 inside a panel under an h2). */
  level?: 2 | 3;
  /** Attach and delete (a User or Admin, where files may change); else the files are only shown. */
  canEdit: boolean;
  /** The owner's upload (it may also take drops and pastes on a larger area). */
  upload: ReturnType<typeof useUploadAttachments>;
  /** Says how else files may be added (drop, paste). */
  hint: string;
  /** Refreshes what counts the files, after a deletion. */
  onDeleted?: () => void;
}

/** A test case's or a result's files: add (button), the list with thumbnails, the viewer, delete with a confirm. */
export function AttachmentsSection({ target, heading, level = 3, canEdit, upload, hint, onDeleted }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const list = useAttachments(target);
  const remove = useDeleteAttachment(target.projectId, onDeleted);
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a deletion its tile is gone: the keyboard lands on the heading (once the confirm has closed), not on the page's start.
  const [deletedCount, setDeletedCount] = useState(0);
  useEffect(() => {
    if (deletedCount) headingRef.current?.focus();
  }, [deletedCount]);
  const items = list.data?.items ?? [];
  return (
    <section className="attachments" aria-labelledby={headingId}>
      <div className="attachments-head">
        <Heading id={headingId} ref={headingRef} tabIndex={-1}>
          {heading}
          {list.data && <span className="muted"> ({list.data.total ?? items.length})</span>}
        </Heading>
        {canEdit && <AttachButton onFiles={(files) => upload.mutate(files)} busy={upload.isPending} />}
      </div>
      {canEdit && <p className="muted attachments-hint">{hint}</p>}
      <UploadStatus progress={upload.progress} count={upload.variables?.length ?? 0} error={upload.error} />
      <ErrorMessage error={list.error} />
      {remove.error && (
        <div role="alert" className="error-message">
          {attachmentErrorText(remove.error)}
        </div>
      )}
      {list.data && items.length === 0 && <p className="muted">No files.</p>}
      {items.length > 0 && (
        <AttachmentList
          projectId={target.projectId}
          items={items}
          label={heading}
          onOpen={setViewing}
          onDelete={canEdit ? setDeleting : undefined}
        />
      )}
      <AttachmentViewer projectId={target.projectId} items={items} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.fileName ?? 'the file'}?`}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.attachmentId, {
            onSuccess: () => setDeletedCount((n) => n + 1),
            onSettled: () => setDeleting(null),
          })
        }
        onClose={() => setDeleting(null)}
      >
        <p>The file is removed for good, for everyone.</p>
      </ConfirmDialog>
    </section>
  );
}

/** Shown over an area while files are dragged onto it. */
export function DropHint({ text }: { text: string }) {
  return (
    <div className="attachment-drop-hint" aria-hidden="true">
      {text}
    </div>
  );
}

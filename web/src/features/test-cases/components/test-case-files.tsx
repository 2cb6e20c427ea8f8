import { useQueryClient } from '@tanstack/react-query';
import { AttachmentsSection, DropHint, useFileDrop, usePastedFiles, useUploadAttachments } from '../../attachments';
import { testKeys } from '../api/query-keys';

/**
 * A test case's own files (not a result's): the button, a drop on this area or a pasted
 * screenshot add them (for a User or Admin); each opens in the viewer, and is deleted after a confirm.
 */
export function TestCaseFiles({ projectId, testId, canEdit }: { projectId: number; testId: number; canEdit: boolean }) {
  const qc = useQueryClient();
  // The test's details count its files (attachmentCount), and its ETag moved with the project's version.
  const refresh = () => void qc.invalidateQueries({ queryKey: testKeys.detail(projectId, testId) });
  const upload = useUploadAttachments({ projectId, testId }, { onUploaded: refresh });
  const onFiles = (files: File[]) => {
    if (!upload.isPending) upload.mutate(files);
  };
  usePastedFiles(canEdit, onFiles);
  const drop = useFileDrop(canEdit, onFiles);
  return (
    <div className="test-case-files" data-dragging={drop.dragging || undefined} {...drop.handlers}>
      {drop.dragging && <DropHint text="Drop files to attach them to this test case" />}
      <AttachmentsSection
        target={{ projectId, testId }}
        heading="Files"
        level={2}
        canEdit={canEdit}
        upload={upload}
        hint="Or drop files here, or paste a screenshot (Ctrl+V or ⌘V)."
        onDeleted={refresh}
      />
    </div>
  );
}

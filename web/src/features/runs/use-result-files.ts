import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { useFileDrop, usePastedFiles, useUploadAttachments } from '../attachments';
import { runTestsQueryOptions } from './api/get-run-tests';
import { runKeys } from './api/query-keys';

/**
 * The files of the current test's result in a run: the upload (its button, a drop on the panel,
 * a pasted screenshot anywhere on the page while `editable`), and the row's count of files kept in
 * step in the cached rows, as a mark is, rather than reading the whole run again. A 423 tells
 * the page the run is locked.
 */
export function useResultFiles(projectId: number, runId: number, testId: number, editable: boolean) {
  const qc = useQueryClient();
  const count = (by: number) =>
    qc.setQueryData(runTestsQueryOptions(projectId, runId).queryKey, (tests) =>
      tests?.map((t) => (t.testId === testId ? { ...t, attachmentCount: Math.max(0, t.attachmentCount + by) } : t)),
    );
  const target = { projectId, testId, runId };
  const upload = useUploadAttachments(target, {
    onUploaded: (stored) => count(stored.length),
    // Locked behind the page's back: it learns the lock (the banner shows, the upload goes), as after a refused mark.
    onRefused: (error) => {
      if (error instanceof ApiError && error.code === 'run_locked')
        void qc.invalidateQueries({ queryKey: runKeys.detail(projectId, runId) });
    },
  });
  const onFiles = (files: File[]) => {
    if (!upload.isPending) upload.mutate(files);
  };
  usePastedFiles(editable, onFiles);
  const drop = useFileDrop(editable, onFiles);
  return { target, upload, drop, onDeleted: () => count(-1) };
}

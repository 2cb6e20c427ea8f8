import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, type ErrorCode } from '../../../lib/api';
import { sessionEnded, sessionWorks } from '../../../lib/session';
import type { Attachment, AttachmentTarget } from './get-attachments';
import { attachmentKeys } from './query-keys';

/**
 * POST /attachment/upload with the files as parts named `file`. Sent with XMLHttpRequest, not
 * fetch: only it reports how much of the body has gone (`onProgress`, 0 to 1).
 */
export function uploadAttachments(target: AttachmentTarget, files: readonly File[], onProgress: (sent: number) => void) {
  const query = new URLSearchParams({ projectId: String(target.projectId), testId: String(target.testId) });
  if (target.runId !== undefined) query.set('runId', String(target.runId));
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return new Promise<Attachment[]>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/attachment/upload?${query}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { data?: Attachment[]; error?: string; code?: ErrorCode } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) {
        sessionWorks();
        return resolve(body.data);
      }
      if (body?.code === 'unauthorized') sessionEnded();
      else sessionWorks();
      reject(new ApiError(body?.error ?? `${xhr.status} ${xhr.statusText}`.trim(), xhr.status, body?.code));
    };
    xhr.onerror = () => reject(new Error('The upload did not reach the server (no connection?). Try again.'));
    xhr.send(form);
  });
}

interface Callbacks {
  /** The owner refreshes what counts the files. */
  onUploaded?: (stored: Attachment[]) => void;
  /** The owner learns what a refusal says of the place (a run locked meanwhile). */
  onRefused?: (error: unknown) => void;
}

/**
 * Uploads files to a target with its progress (null while none goes), then reads the project's
 * lists of files again.
 */
export function useUploadAttachments(target: AttachmentTarget, { onUploaded, onRefused }: Callbacks = {}) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (files: readonly File[]) => {
      setProgress(0);
      return uploadAttachments(target, files, setProgress);
    },
    onSuccess: (stored) => {
      void qc.invalidateQueries({ queryKey: attachmentKeys.all(target.projectId) });
      onUploaded?.(stored);
    },
    onError: onRefused,
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '../../../lib/api';
import type { components } from '../../../lib/api-types';
import { attachmentKeys } from './query-keys';

export type Attachment = components['schemas']['Attachment'];

/** Where files go and come from: a test case's own (no runId), or its results' in a run. */
export interface AttachmentTarget {
  projectId: number;
  testId: number;
  runId?: number;
}

const PAGE = 1000; // the API's largest page: more files than that on one result is not evidence anyone reads

/** GET /attachments: the target's files, newest first, with how many there are in all. */
export const attachmentsQueryOptions = ({ projectId, testId, runId }: AttachmentTarget) =>
  queryOptions({
    queryKey: attachmentKeys.list(projectId, testId, runId ?? null),
    queryFn: ({ signal }) =>
      unwrapPage(api.GET('/api/v1/attachments', { params: { query: { projectId, testId, runId, limit: PAGE } }, signal })),
  });

export const useAttachments = (target: AttachmentTarget) => useQuery(attachmentsQueryOptions(target));

/** Where the browser gets an attachment's bytes (shown inline for images, PDF and text; saved otherwise). */
export const downloadUrl = (projectId: number, attachmentId: number) =>
  `/api/v1/attachment/download?${new URLSearchParams({ projectId: String(projectId), attachmentId: String(attachmentId) })}`;

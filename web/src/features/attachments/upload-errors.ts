// What a refused upload or deletion tells the person, by the error's code (the server's text
// names the limit or quota). Plain, without React (test/web/unit/attachments.test.ts).

import { ApiError } from '../../lib/api';

/** A sentence saying why files were not attached (or not deleted), and what to do. */
export function attachmentErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  switch (error.code) {
    case 'payload_too_large':
      return `Not attached: a file is too large. ${error.message}. Nothing was stored; attach a smaller file.`;
    case 'quota_exceeded':
      return `Not attached: the organization has no room left. ${error.message}. Delete files no longer needed, or ask an administrator to raise the quota.`;
    case 'run_locked':
      return 'The run is locked: its results’ files cannot change.';
    case 'forbidden':
      return 'Your role may not change files here (it needs User or Admin).';
    case 'project_inactive':
      return 'The project is inactive: its files cannot change.';
    default:
      return `${error.message} (${error.status})`;
  }
}

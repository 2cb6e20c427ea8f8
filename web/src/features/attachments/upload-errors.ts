// What a refused upload or deletion tells the person, by the error's code (the server's text
// names the limit or quota). Plain, without React or the API client (test/web/unit/attachments.test.ts).

/** A sentence saying why files were not attached (or not deleted), and what to do. */
export function attachmentErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // An ApiError carries the envelope's code and the HTTP status; a failed connection neither.
  // (Read by shape: lib/api.ts needs a browser, and this module is tested without one.)
  const { code, status } = error as Error & { code?: string; status?: number };
  switch (code) {
    case 'payload_too_large':
      return `Not attached: a file is too large. ${error.message}. Nothing was stored; attach a smaller file.`;
    case 'quota_exceeded':
      return `Not attached: the organization has no room left. ${error.message}. Delete files no longer needed, or ask an administrator to raise the quota.`;
    case 'run_locked':
      return 'The run is locked: the files of its results cannot change.';
    case 'forbidden':
      return 'Your role may not change files here (it needs User or Admin).';
    case 'project_inactive':
      return 'The project is inactive: its files cannot change.';
    default:
      return status ? `${error.message} (${status})` : error.message;
  }
}

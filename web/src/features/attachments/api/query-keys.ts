// Query keys of a project's attachments: every query and invalidation of them. A test case's own
// files and those of its results in a run sit under `all(projectId)`, so one upload or deletion
// refreshes what it changed.

export const attachmentKeys = {
  all: (projectId: number) => ['attachments', projectId] as const,
  /** The files of a test case (runId null) or of its results in a run. */
  list: (projectId: number, testId: number, runId: number | null) => ['attachments', projectId, testId, runId] as const,
};

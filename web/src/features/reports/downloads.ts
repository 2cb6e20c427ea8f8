// Where the report and catalog files come from: plain links (the session cookie authenticates them).

export type ReportFormat = 'json' | 'html' | 'pdf';
export type ExportFormat = 'csv' | 'json';

export const reportUrl = (projectId: number, runId: number, format: ReportFormat) =>
  `/api/v1/run/report?${new URLSearchParams({ runId: String(runId), projectId: String(projectId), format })}`;

export const catalogExportUrl = (projectId: number, format: ExportFormat) =>
  `/api/v1/tests/download?${new URLSearchParams({ projectId: String(projectId), format })}`;

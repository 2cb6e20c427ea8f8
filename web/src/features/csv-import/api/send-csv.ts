import { ApiError, type ErrorCode } from '../../../lib/api';
import type { paths } from '../../../lib/api-types';
import { sessionEnded, sessionWorks } from '../../../lib/session';

type Answer = paths['/api/v1/test/import-csv']['post']['responses'][201]['content']['application/json'];
/** The answer of POST /test/import-csv: counts, columns as read, row errors and, in a dry run, the preview. */
export type ImportResult = Answer['data'];
export type CsvPreset = 'testrail' | 'qase' | 'casebook';

/** What the person chose: the preset (or none) and the field of each column they changed. */
export interface CsvMapping {
  preset?: CsvPreset;
  columns: Record<string, string>;
}

/** The mapping part as the API reads it: `{ preset?, columns? }`, without an empty `columns`. */
export const mappingJson = ({ preset, columns }: CsvMapping) =>
  JSON.stringify({ ...(preset && { preset }), ...(Object.keys(columns).length > 0 && { columns }) });

/**
 * POST /test/import-csv as a multipart form of the file (`file`) and its mapping (`mapping`).
 * With fetch, not the typed client: openapi-fetch sends JSON bodies, and a form's boundary must be
 * the browser's own. Errors as lib/api.ts makes them (an ApiError with the envelope's code).
 */
export async function sendCsv(
  projectId: number,
  file: File,
  mapping: CsvMapping,
  options: { dryRun: boolean; idempotencyKey?: string; signal?: AbortSignal },
): Promise<ImportResult> {
  const query = new URLSearchParams({ projectId: String(projectId), dryRun: String(options.dryRun) });
  const form = new FormData();
  form.append('mapping', mappingJson(mapping));
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`/api/v1/test/import-csv?${query}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      signal: options.signal,
      headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new Error('The file did not reach the server (no connection?). Try again.');
  }
  const body = (await response.json().catch(() => null)) as (Partial<Answer> & { error?: string; code?: ErrorCode }) | null;
  if (body?.code === 'unauthorized') sessionEnded();
  else sessionWorks();
  if (response.ok && body?.data) return body.data;
  throw new ApiError(body?.error ?? `${response.status} ${response.statusText}`.trim(), response.status, body?.code);
}

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { projectKeys } from '../../projects';
import { catalogKeys } from './query-keys';

/** The most items one bulk call takes (API.md). */
export const BULK_LIMIT = 5000;

export type BulkFields = { priorityId?: number | null; sectionId?: number | null; squadId?: number | null; labels?: number[] };

/** What a bulk edit sets: one of these fields, to the chosen ids. */
export type BulkField = 'priority' | 'section' | 'squad' | 'labels';

/** The API's fields for setting `field` to `value`: labels replace the tests' labels; no id clears a field. */
export const bulkFields = (field: BulkField, value: number[]): BulkFields =>
  field === 'labels' ? { labels: value } : { [`${field}Id`]: value[0] ?? null };

// Test writes of the catalog: create one (POST /test/create), bulk-update and bulk-delete the
// selection in batches of ≤ 5000 (each batch is atomic; a later batch's failure leaves the earlier
// ones done, which the error says). Each refreshes the lists and the project's counts.

const refresh = (qc: QueryClient, projectId: number) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: catalogKeys.tests(projectId) }),
    qc.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  ]);

async function inBatches(batches: number[][], call: (ids: number[]) => Promise<{ count: number }>) {
  let done = 0;
  for (const ids of batches) {
    try {
      done += (await call(ids)).count;
    } catch (error) {
      if (done === 0 || !(error instanceof Error)) throw error;
      error.message = `${error.message} (after ${done} tests were already done)`;
      throw error;
    }
  }
  return done;
}

export function useCreateTest(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; sectionId?: number }) => unwrap(api.POST('/api/v1/test/create', { body: { projectId, ...body } })),
    onSuccess: () => refresh(qc, projectId),
  });
}

export function useBulkUpdateTests(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ batches, fields }: { batches: number[][]; fields: BulkFields }) =>
      inBatches(batches, (ids) =>
        unwrap(api.PUT('/api/v1/test/bulk-update', { body: { projectId, tests: ids.map((testId) => ({ testId, ...fields })) } })),
      ),
    onSettled: () => refresh(qc, projectId),
  });
}

export function useBulkDeleteTests(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (batches: number[][]) =>
      inBatches(batches, (testIds) => unwrap(api.DELETE('/api/v1/test/bulk-delete', { body: { projectId, testIds } }))),
    onSettled: () => refresh(qc, projectId),
  });
}

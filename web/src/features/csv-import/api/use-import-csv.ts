import { useQueryClient } from '@tanstack/react-query';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { metadataKeys } from '../../project-metadata';
import { refreshTests } from '../../test-cases';
import { sendCsv, type CsvMapping } from './send-csv';
import type { ChosenFile } from './use-dry-run';

/** The import itself (once per intention: a retry after a lost answer is answered once), then the catalog reads again. */
export function useImportCsv(projectId: number) {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: ({ chosen, mapping }: { chosen: ChosenFile; mapping: CsvMapping }, idempotencyKey: string) =>
      sendCsv(projectId, chosen.file, mapping, { dryRun: false, idempotencyKey }),
    onSuccess: () =>
      Promise.all([
        refreshTests(qc, projectId),
        qc.invalidateQueries({ queryKey: metadataKeys.sections(projectId) }),
        qc.invalidateQueries({ queryKey: metadataKeys.labels(projectId) }),
      ]),
  });
}

import { useQuery } from '@tanstack/react-query';
import { sendCsv, type CsvMapping } from './send-csv';

/** The chosen file, numbered so each choice (even of the same file again) is a query of its own. */
export interface ChosenFile {
  serial: number;
  file: File;
}

/**
 * The dry run of a file with a mapping, run again whenever either changes. While a new mapping's
 * answer is on its way the previous answer of the same file stays (the table does not jump).
 */
export function useDryRun(projectId: number, chosen: ChosenFile | null, mapping: CsvMapping) {
  return useQuery({
    queryKey: ['csv-import-dry-run', projectId, chosen?.serial, mapping] as const,
    queryFn: ({ signal }) => sendCsv(projectId, chosen!.file, mapping, { dryRun: true, signal }),
    enabled: chosen !== null,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === chosen?.serial ? previous : undefined),
    // A dry run reads the project as it is now: asked again for every file and mapping, kept briefly.
    staleTime: 0,
    gcTime: 60_000,
  });
}

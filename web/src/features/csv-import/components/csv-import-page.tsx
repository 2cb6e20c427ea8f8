import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { useProject } from '../../projects';
import type { CsvPreset, ImportResult } from '../api/send-csv';
import { useDryRun, type ChosenFile } from '../api/use-dry-run';
import { useImportCsv } from '../api/use-import-csv';
import '../csv-import.css';
import { DryRunSummary } from './dry-run-summary';
import { ImportDone } from './import-done';
import { MappingTable } from './mapping-table';
import { PreviewTable } from './preview-table';
import { UploadForm } from './upload-form';

/** Importing tests from a CSV file: choose it, check how its columns are read and what it would create, then import. */
export function CsvImportPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [preset, setPreset] = useState<CsvPreset | undefined>();
  const [overrides, setOverrides] = useState<Record<string, string>>({});
  const mapping = { preset, columns: overrides };
  const dry = useDryRun(projectId, chosen, mapping);
  const importing = useImportCsv(projectId);
  // The columns of the file's last answer stay shown when a mapping is refused (no title column,
  // say), so the person can change it back.
  const [kept, setKept] = useState<{ serial: number; result: ImportResult } | null>(null);
  if (chosen && dry.data && !dry.isPlaceholderData && kept?.result !== dry.data) setKept({ serial: chosen.serial, result: dry.data });
  const shown = chosen && kept?.serial === chosen.serial ? kept.result : undefined;
  const current = dry.data && !dry.isPlaceholderData && !dry.isFetching ? dry.data : undefined;

  const chooseFile = (file: File) => {
    setChosen((c) => ({ serial: (c?.serial ?? 0) + 1, file }));
    setOverrides({});
    importing.reset();
  };
  const catalogPath = `/projects/${projectId}/catalog`;
  const title = project.data ? `Import tests from CSV into ${project.data.projectName}` : 'Import tests from CSV';
  if (importing.data)
    return (
      <Page title={title}>
        <ImportDone result={importing.data} catalogPath={catalogPath} onAgain={() => (setChosen(null), importing.reset())} />
      </Page>
    );

  const canImport = current !== undefined && current.errorCount === 0 && current.testsToCreate > 0 && !importing.isPending;
  return (
    <Page title={title}>
      <ErrorMessage error={project.error} />
      <p>
        <Link to={catalogPath}>Back to the catalog</Link>
      </p>
      <UploadForm preset={preset} onPreset={setPreset} onFile={chooseFile} busy={dry.isFetching} />
      <ErrorMessage error={dry.error} />
      {shown && (
        <>
          <MappingTable columns={shown.columns} overrides={overrides} onChange={(h, f) => setOverrides((o) => ({ ...o, [h]: f }))} />
          {!dry.error && <DryRunSummary result={shown} />}
          {!dry.error && <PreviewTable preview={shown.preview} />}
        </>
      )}
      {chosen && (
        <div className="button-row csv-actions">
          <button
            type="button"
            className="button"
            disabled={!canImport}
            aria-describedby={canImport ? undefined : 'csv-import-why'}
            onClick={() => importing.mutate({ chosen, mapping })}
          >
            {importing.isPending ? 'Importing…' : current ? `Import ${current.testsToCreate} tests` : 'Import'}
          </button>
          {!canImport && (
            <p id="csv-import-why" className="muted">
              {whyNot(current, dry.isFetching || importing.isPending)}
            </p>
          )}
        </div>
      )}
      <ErrorMessage error={importing.error} />
    </Page>
  );
}

/** Why the Import button is disabled. */
function whyNot(current: ImportResult | undefined, busy: boolean): string {
  if (busy) return 'Waiting for the check of the file…';
  if (!current) return 'The file could not be read as it is mapped: see the message above.';
  if (current.errorCount > 0) return 'Fix the row errors first.';
  return 'The file holds no tests.';
}

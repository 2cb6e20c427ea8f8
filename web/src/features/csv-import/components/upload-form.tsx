import { PRESETS } from '../fields';
import type { CsvPreset } from '../api/send-csv';

/** The file to import and the tool it comes from; choosing either runs the dry run. */
export function UploadForm({
  preset,
  onPreset,
  onFile,
  busy,
}: {
  preset: CsvPreset | undefined;
  onPreset: (preset: CsvPreset | undefined) => void;
  onFile: (file: File) => void;
  busy: boolean;
}) {
  return (
    <form className="csv-upload" aria-label="File to import" onSubmit={(e) => e.preventDefault()}>
      <div className="csv-field">
        <label htmlFor="csv-preset">Exported from</label>
        <select id="csv-preset" value={preset ?? ''} onChange={(e) => onPreset((e.target.value || undefined) as CsvPreset | undefined)}>
          {PRESETS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div className="csv-field">
        <label htmlFor="csv-file">CSV file</label>
        <input
          id="csv-file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby="csv-file-hint"
          // Cleared as the picker opens, so choosing the same file again (after fixing it) checks it again;
          // until then the input shows the file's name.
          onClick={(e) => (e.currentTarget.value = '')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
          }}
        />
        <p id="csv-file-hint" className="muted">
          UTF-8, comma or semicolon separated, with a header row. It is checked at once; nothing is written before you import.
        </p>
      </div>
      {busy && (
        <p className="muted" role="status">
          Checking the file…
        </p>
      )}
    </form>
  );
}

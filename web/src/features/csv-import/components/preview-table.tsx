import type { ImportResult } from '../api/send-csv';

type PreviewTest = ImportResult['preview'][number];

/** Numbered steps count as a list; text steps as text. */
const stepCount = (steps: PreviewTest['steps']) =>
  Array.isArray(steps) ? String(steps.length) : typeof steps === 'string' && steps.trim() ? 'Text' : '—';

/** The first tests as the import would create them. */
export function PreviewTable({ preview }: { preview: PreviewTest[] }) {
  if (preview.length === 0) return null;
  return (
    <div className="csv-preview">
      <table className="data-table">
        <caption>Preview: {preview.length === 1 ? 'the first test' : `the first ${preview.length} tests`} as they would be created</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Title</th>
            <th scope="col">Section</th>
            <th scope="col">Priority</th>
            <th scope="col">Type</th>
            <th scope="col">Steps</th>
            <th scope="col">Labels</th>
          </tr>
        </thead>
        <tbody>
          {preview.map((t) => (
            <tr key={t.row}>
              <td data-label="Row">{t.row}</td>
              <th scope="row">
                <bdi>{t.title}</bdi>
              </th>
              <td data-label="Section">
                <bdi>{t.section ?? '—'}</bdi>
              </td>
              <td data-label="Priority">{t.priority ?? '—'}</td>
              <td data-label="Type">{t.type ?? '—'}</td>
              <td data-label="Steps">{stepCount(t.steps)}</td>
              <td data-label="Labels">
                <bdi>{t.labels.join(', ') || '—'}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

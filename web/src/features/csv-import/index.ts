// What the app may use of the CSV import: its page (/projects/:projectId/import).
export { CsvImportPage } from './components/csv-import-page';

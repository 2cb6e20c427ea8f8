export { deleteStaleImportProgress, findImportProgress, recordImportProgress, type ImportProgressRow } from './import-progress';

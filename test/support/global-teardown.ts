import fs from 'node:fs';
import { OPENAPI_DOCUMENT_ENV } from './openapi-document-file';

/** Removes the OpenAPI document the global setup built for the run. */
export default function globalTeardown(): void {
  const file = process.env[OPENAPI_DOCUMENT_ENV];
  if (file) fs.rmSync(file, { force: true });
}

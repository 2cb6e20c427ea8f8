import YAML from 'yaml';
import type { OpenApiDocument } from './document';

// Apart from document.ts, which the server loads: the YAML writer (~8 MB resident) is only for
// the generated file.

/** The committed openapi.yaml: exactly this text, so a stale file is a visible diff. */
export function openApiYaml(doc: OpenApiDocument): string {
  const header = '# Generated from the routes and their zod schemas (src/openapi/document.ts). Do not edit: run `npm run openapi`.\n';
  return header + YAML.stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false });
}

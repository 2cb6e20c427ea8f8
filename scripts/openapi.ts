// Writes openapi.yaml at the repository root from the routes' zod schemas.
// `npm run openapi` after any change to a route; a test fails when it is stale.
import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApiDocument, openApiYaml } from '../src/openapi/document';

async function main() {
  const file = path.resolve(__dirname, '../openapi.yaml');
  const doc = await generateOpenApiDocument();
  // Refuse to write a document that is not valid OpenAPI (the parser works on a copy).
  await SwaggerParser.validate(structuredClone(doc) as never);
  fs.writeFileSync(file, openApiYaml(doc));
  process.stdout.write(`wrote ${path.relative(process.cwd(), file)} (${Object.keys(doc.paths ?? {}).length} paths)\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});

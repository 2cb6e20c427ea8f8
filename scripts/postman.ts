// Writes the Postman files into postman/ from openapi.yaml (run `npm run openapi`
// first when a route changed): the collection of every operation, the
// localhost environment, and the CI smoke sequence that .ci/newman.sh runs.
import fs from 'node:fs';
import path from 'node:path';
import { buildCollection, buildEnvironment, buildSmokeCollection, toJson } from './postman-collection';

export const postmanFiles = {
  collection: 'postman/casebook.postman_collection.json',
  environment: 'postman/casebook.localhost.postman_environment.json',
  smoke: 'postman/ci-smoke.postman_collection.json',
};

async function main() {
  const root = path.resolve(__dirname, '..');
  const collection = await buildCollection(fs.readFileSync(path.join(root, 'openapi.yaml'), 'utf8'));
  const files = {
    [postmanFiles.collection]: collection,
    [postmanFiles.environment]: buildEnvironment(),
    [postmanFiles.smoke]: buildSmokeCollection(collection),
  };
  fs.mkdirSync(path.join(root, 'postman'), { recursive: true });
  for (const [file, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(root, file), toJson(content));
    process.stdout.write(`wrote ${file}\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});

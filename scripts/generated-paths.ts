// The files `npm run generate` writes (scripts/generated-files.ts makes them), by what they hold.
export const generatedPaths = {
  openapi: 'openapi.yaml',
  postmanCollection: 'postman/casebook.postman_collection.json',
  postmanEnvironment: 'postman/casebook.localhost.postman_environment.json',
  postmanSmoke: 'postman/ci-smoke.postman_collection.json',
  apiTypes: 'web/src/lib/api-types.ts',
  readme: 'README.md',
  toolsList: 'test/mcp/fixtures/tools-list.json',
  apiMarkdown: 'docs/api.md',
  errorCodes: 'docs/error-codes.md',
};

// Where the global setup (test/support/global-setup.ts) leaves the OpenAPI document it built for
// the run, for the response checks (test/support/openapi-responses.ts); removed at the end of the run.
export const OPENAPI_DOCUMENT_ENV = 'CASEBOOK_TEST_OPENAPI_DOCUMENT';

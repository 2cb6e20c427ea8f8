// The fast tier (`npm run test:unit`): pure functions, schemas, policy and generated
// files, no database and no server, so it runs in seconds. `npm test` runs these too.
const base = require('./jest.config');

module.exports = {
  ...base,
  globalSetup: undefined,
  globalTeardown: undefined,
  testMatch: [
    '<rootDir>/test/unit/**/*.test.ts',
    '<rootDir>/test/web/unit/**/*.test.ts',
    '<rootDir>/test/domain/junit-parser.test.ts',
    '<rootDir>/test/mcp/call-tool.test.ts',
    '<rootDir>/test/mcp/http-client.test.ts',
    '<rootDir>/test/reports/run-report-pages.test.ts',
    '<rootDir>/test/packaging/*.test.ts',
    '<rootDir>/test/postman/postman-files.test.ts',
    '<rootDir>/test/readme.test.ts',
  ],
};

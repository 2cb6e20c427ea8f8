/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // CommonJS for jest: the generated Prisma Client loads its query compiler with import(),
  // which jest only supports as require().
  transform: {
    '^.+\\.ts$': ['ts-jest', { diagnostics: true, tsconfig: '<rootDir>/tsconfig.jest.json' }],
    // Prisma's schema engine glue is an ES module: compiled too, so commands that migrate
    // (src/cli/main.ts's runCli) also run inside jest.
    '/@prisma/schema-engine-wasm/.+\\.js$': [
      'ts-jest',
      { diagnostics: false, tsconfig: { allowJs: true, module: 'commonjs', target: 'es2022' } },
    ],
    // file-type (sniffing attachments, loaded with import()) and its dependencies are ES modules only.
    '/node_modules/(file-type|strtok3|token-types|uint8array-extras|@tokenizer/inflate|@borewit/text-codec)/.+\\.js$': [
      'ts-jest',
      { diagnostics: false, tsconfig: { allowJs: true, module: 'commonjs', target: 'es2022' } },
    ],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(@prisma/schema-engine-wasm|file-type|strtok3|token-types|uint8array-extras|@tokenizer/inflate|@borewit/text-codec)/)',
  ],
  // The generated Prisma Client imports its siblings as './x.js'; the sources are .ts.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Without timings (CI's clean clone) the known slow files first: see the file.
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.js',
  testTimeout: 60000,
  // Each test file has its own database, so files run in parallel safely.
  maxWorkers: process.env.CI ? 2 : '50%',
};

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false, tsconfig: '<rootDir>/tsconfig.jest.json' }] },
  // CommonJS for jest: the generated Prisma Client loads its query compiler with import(),
  // which jest only supports as require().
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 60000,
  // Each test file has its own database, so files run in parallel safely.
  maxWorkers: process.env.CI ? 2 : '50%',
};

// The SQL of shared steps: their table, and the tests that use them.
export * from './shared-steps';

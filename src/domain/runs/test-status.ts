import { z } from '../../core/schemas';

/** The five statuses of a test in a run, in the order reports show them. */
export const TEST_STATUSES = ['passed', 'failed', 'blocked', 'retest', 'untested'] as const;
export type TestStatusName = (typeof TEST_STATUSES)[number];

/** `Expected one of a, b, c` for a wrong value; a missing one keeps the global `Required`. */
export const oneOf = (values: readonly string[]) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? undefined : `Expected one of ${values.join(', ')}`),
});

export const testStatus = z.enum(TEST_STATUSES, oneOf(TEST_STATUSES));

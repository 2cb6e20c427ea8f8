/** The command line itself is wrong: told with the usage text, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

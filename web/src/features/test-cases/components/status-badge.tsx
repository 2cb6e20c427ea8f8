export type TestStatus = 'passed' | 'failed' | 'blocked' | 'retest' | 'untested';

const labels: Record<TestStatus, string> = {
  passed: 'Passed',
  failed: 'Failed',
  blocked: 'Blocked',
  retest: 'Retest',
  untested: 'Untested',
};

/** A run status as a coloured badge with its name (colour is never the only cue). */
export function StatusBadge({ status }: { status: TestStatus }) {
  return (
    <span className="test-history-badge" data-status={status}>
      {labels[status]}
    </span>
  );
}

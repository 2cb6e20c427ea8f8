import { useTest } from '../api/get-test';

/** A test's title (its number while it loads or when it cannot be read), e.g. for the breadcrumbs. */
export function TestTitle({ projectId, testId }: { projectId: number; testId: number }) {
  const test = useTest(projectId, testId);
  return <>{test.data?.title ?? `Test case ${testId}`}</>;
}

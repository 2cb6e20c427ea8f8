import { useMemo } from 'react';
import { useMe } from '../auth';
import { useSections } from '../project-metadata';
import type { RunTest } from './api/get-run-tests';
import { groupBySection, sectionPaths, type TestStatus } from './run-execution';
import { matchesFind, NO_FIND, sectionChoices, type RunFind } from './run-find';

/**
 * The run's tests as the execute screen shows them: those of the status filter and the find
 * (search, section), grouped by section path in the catalog's order; `order` is the shown test ids
 * top to bottom, `shownById` each shown test with its section path, and `sections` the paths the
 * find may narrow to.
 */
export function useShownTests(projectId: number, tests: RunTest[] | undefined, filter: TestStatus | null, find: RunFind = NO_FIND) {
  const tree = useSections(projectId);
  const meId = useMe().data?.userId;
  // Open runs name sections from the live tree; a locked run from its snapshot (as at lock time).
  const paths = useMemo(() => sectionPaths(tree.data ?? []), [tree.data]);
  const { pathOf, orderOf } = useMemo(() => {
    const orderByPath = new Map([...paths.values()].map((p) => [p.path, p.order]));
    return {
      pathOf: (t: RunTest) =>
        t.snapshot ? t.snapshot.sectionPath : t.sectionId === null ? null : (paths.get(t.sectionId)?.path ?? `Section ${t.sectionId}`),
      orderOf: (p: string) => orderByPath.get(p),
    };
  }, [paths]);
  const groups = useMemo(() => {
    const shown = (tests ?? []).filter((t) => (filter === null || t.status === filter) && matchesFind(t, pathOf(t), find, meId));
    return groupBySection(shown, pathOf, orderOf);
  }, [tests, pathOf, orderOf, filter, find, meId]);
  // Every section of the run's tests, whatever is shown: narrowing must not hide the other choices.
  const sections = useMemo(() => sectionChoices(groupBySection(tests ?? [], pathOf, orderOf).map((g) => g.path)), [tests, pathOf, orderOf]);
  const order = useMemo(() => groups.flatMap((g) => g.tests.map((t) => t.testId)), [groups]);
  const shownById = useMemo(() => new Map(groups.flatMap((g) => g.tests.map((t) => [t.testId, { t, path: g.path }] as const))), [groups]);
  return { groups, order, shownById, sections, pathOf };
}

import { useMemo } from 'react';
import { useSections } from '../project-metadata';
import type { RunTest } from './api/get-run-tests';
import { groupBySection, sectionPaths, type TestStatus } from './run-execution';

/**
 * The run's tests as the execute screen shows them: those of the status filter, grouped by
 * section path in the catalog's order; `order` is the shown test ids top to bottom, and
 * `shownById` each shown test with its section path.
 */
export function useShownTests(projectId: number, tests: RunTest[] | undefined, filter: TestStatus | null) {
  const sections = useSections(projectId);
  // Open runs name sections from the live tree; a locked run from its snapshot (as at lock time).
  const paths = useMemo(() => sectionPaths(sections.data ?? []), [sections.data]);
  const groups = useMemo(() => {
    const orderByPath = new Map([...paths.values()].map((p) => [p.path, p.order]));
    const pathOf = (t: RunTest) =>
      t.snapshot ? t.snapshot.sectionPath : t.sectionId === null ? null : (paths.get(t.sectionId)?.path ?? `Section ${t.sectionId}`);
    const shown = (tests ?? []).filter((t) => filter === null || t.status === filter);
    return groupBySection(shown, pathOf, (p) => orderByPath.get(p));
  }, [tests, paths, filter]);
  const order = useMemo(() => groups.flatMap((g) => g.tests.map((t) => t.testId)), [groups]);
  const shownById = useMemo(() => new Map(groups.flatMap((g) => g.tests.map((t) => [t.testId, { t, path: g.path }] as const))), [groups]);
  return { groups, order, shownById };
}

import { useCallback, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import { useSections } from '../../project-metadata';
import { filtersFromParams, withFilter, type FilterName } from '../catalog-filters';
import { nextOrder, orderFromParams, withOrder, type TestOrder, type TestSort } from '../catalog-order';
import { deselectIds, emptySelection, forgetAnchor, type Selection } from '../catalog-selection';
import '../catalog.css';
import { BulkActions } from './bulk-actions';
import { QuickCreateTest } from './quick-create-test';
import { SectionTreePanel } from './section-tree-panel';
import { SelectAllMatching } from './select-all-matching';
import { SortSelect } from './sort-select';
import { TestFiltersBar } from './test-filters';
import { TestList } from './test-list';

/** A project's catalog: the section tree beside the filtered test list, with bulk actions. */
export function CatalogPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const canWrite = atLeast(role, 'User');
  const canDelete = atLeast(role, 'Admin');
  const sections = useSections(projectId);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const order = useMemo(() => orderFromParams(params), [params]);
  const setSort = (sort: TestSort) => setParams((p) => withOrder(p, nextOrder(orderFromParams(p), sort)), { replace: true });
  const setOrder = (next: TestOrder) => setParams((p) => withOrder(p, next), { replace: true });
  const setFilter = useCallback(
    (field: FilterName, value: number | string | undefined) => setParams((p) => withFilter(p, field, value), { replace: true }),
    [setParams],
  );
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [total, setTotal] = useState<number | undefined>();
  // Rows move when the filters or the order change: a shift-click must not reach back to an old row.
  // Adjusted while rendering, not in an effect, so no frame shows the old anchor.
  const filtersKey = JSON.stringify([filters, order]);
  const [anchorFiltersKey, setAnchorFiltersKey] = useState(filtersKey);
  if (anchorFiltersKey !== filtersKey) {
    setAnchorFiltersKey(filtersKey);
    setSelection(forgetAnchor);
  }

  const sectionList = sections.data ?? [];
  const sectionName = sectionList.find((s) => s.sectionId === filters.sectionId)?.sectionName;
  const title = project.data ? `Catalog of ${project.data.projectName}` : 'Catalog';
  return (
    <Page title={title}>
      <ErrorMessage error={project.error} />
      <div className="catalog">
        <SectionTreePanel
          projectId={projectId}
          sections={sectionList}
          error={sections.error}
          selectedId={filters.sectionId}
          onSelect={(id) => setFilter('sectionId', id)}
          canWrite={canWrite}
          canDelete={canDelete}
        />
        <section className="catalog-tests" aria-labelledby="tests-heading">
          <div className="tests-header">
            <h2 id="tests-heading">
              {sectionName ? (
                <>
                  Tests in <bdi>{sectionName}</bdi> and its subsections
                </>
              ) : (
                'All tests'
              )}
            </h2>
            <p className="test-count" role="status">
              {total === undefined ? 'Counting…' : `${total} ${total === 1 ? 'test' : 'tests'}`}
            </p>
            {canWrite && (
              <Link className="button secondary small" to={`/projects/${projectId}/import`}>
                Import CSV
              </Link>
            )}
          </div>
          <TestFiltersBar projectId={projectId} filters={filters} onChange={setFilter} />
          <SortSelect order={order} onOrder={setOrder} />
          {canWrite && <QuickCreateTest projectId={projectId} sections={sectionList} sectionId={filters.sectionId} />}
          {canWrite && <SelectAllMatching projectId={projectId} filters={filters} total={total} onSelect={setSelection} />}
          {canWrite && (
            <BulkActions
              projectId={projectId}
              sections={sectionList}
              selection={selection}
              filters={filters}
              onClear={() => setSelection(emptySelection)}
              onDeleted={(ids) => setSelection((s) => deselectIds(s, ids))}
              canDelete={canDelete}
            />
          )}
          <TestList
            projectId={projectId}
            filters={filters}
            order={order}
            onSort={setSort}
            sections={sectionList}
            selection={canWrite ? { value: selection, set: setSelection } : undefined}
            onTotal={setTotal}
          />
        </section>
      </div>
    </Page>
  );
}

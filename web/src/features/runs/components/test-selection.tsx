import { useMemo } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { useLabels, useLookup, useSections } from '../../project-metadata';
import { coveredByAncestor, sectionRows, toggled, type SectionRow, type SelectionState } from '../selection';
import { SelectionCount } from './selection-count';

const none: ReadonlySet<number> = new Set();
export const noSelection: SelectionState = { allTests: false, sectionIds: none, labelIds: none, priorityIds: none };

/** The project's sections as indented rows (read once, cached), which the selection's fields need. */
export function useSectionRows(projectId: number): SectionRow[] {
  const sections = useSections(projectId);
  return useMemo(() => sectionRows(sections.data ?? []), [sections.data]);
}

/**
 * Which tests: all of the project, or by sections (with subsections), labels and priorities, and
 * how many match. `name` tells the radio groups of several selections on one page apart.
 */
export function TestSelection({
  projectId,
  name,
  state,
  onChange,
}: {
  projectId: number;
  name: string;
  state: SelectionState;
  onChange: (state: SelectionState) => void;
}) {
  const sections = useSections(projectId);
  const labels = useLabels(projectId);
  const priorities = useLookup('priority', projectId);
  const rows = useSectionRows(projectId);
  return (
    <>
      <ErrorMessage error={sections.error ?? labels.error ?? priorities.error} />
      <fieldset>
        <legend>Tests</legend>
        <label className="choice">
          <input type="radio" name={name} checked={state.allTests} onChange={() => onChange({ ...state, allTests: true })} />
          All tests of the project
        </label>
        <label className="choice">
          <input type="radio" name={name} checked={!state.allTests} onChange={() => onChange({ ...state, allTests: false })} />
          Tests chosen by sections, labels and priorities (a test must match every group you use)
        </label>
      </fieldset>
      {!state.allTests && (
        <div className="create-run-choices">
          <fieldset>
            <legend>Sections (with their subsections)</legend>
            {rows.length === 0 && <p className="muted">{sections.isPending ? 'Loading…' : 'No sections.'}</p>}
            <ul className="section-choices">
              {rows.map((row) => {
                const covered = coveredByAncestor(row, state.sectionIds);
                return (
                  <li key={row.sectionId} style={{ paddingLeft: `${row.depth * 1.25}rem` }}>
                    <label className="choice">
                      <input
                        type="checkbox"
                        checked={covered || state.sectionIds.has(row.sectionId)}
                        disabled={covered}
                        onChange={(e) => onChange({ ...state, sectionIds: toggled(state.sectionIds, row.sectionId, e.target.checked) })}
                      />
                      <bdi>{row.sectionName}</bdi>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <fieldset>
            <legend>Labels (any of)</legend>
            {labels.data?.length === 0 && <p className="muted">No labels.</p>}
            {labels.data?.map((l) => (
              <label key={l.labelId} className="choice">
                <input
                  type="checkbox"
                  checked={state.labelIds.has(l.labelId)}
                  onChange={(e) => onChange({ ...state, labelIds: toggled(state.labelIds, l.labelId, e.target.checked) })}
                />
                {l.labelName}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Priorities (any of)</legend>
            {priorities.data?.map((p) => (
              <label key={p.id} className="choice">
                <input
                  type="checkbox"
                  checked={state.priorityIds.has(p.id)}
                  onChange={(e) => onChange({ ...state, priorityIds: toggled(state.priorityIds, p.id, e.target.checked) })}
                />
                {p.name}
              </label>
            ))}
          </fieldset>
        </div>
      )}
      <SelectionCount projectId={projectId} state={state} rows={rows} />
    </>
  );
}

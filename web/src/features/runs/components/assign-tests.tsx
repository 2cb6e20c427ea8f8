import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog';
import { ErrorMessage } from '../../../components/error-message';
import { FormActions } from '../../../components/form-actions';
import { useAssignees } from '../api/get-assignees';
import type { RunTest } from '../api/get-run-tests';
import { matchesFind, NO_FIND } from '../run-find';
import { useAssignTests } from '../api/assign-tests';

interface Props {
  projectId: number;
  runId: number;
  /** Every test of the run; the shown ones' section paths (in tree order) and each test's path. */
  tests: RunTest[];
  shown: { sections: string[]; pathOf: (t: RunTest) => string | null };
  /** The checked tests, and where to say what was done. */
  execution: { selected: ReadonlySet<number>; setNotice: (message: string) => void };
}

const ALL = '\u0000all';

/**
 * Assign: the checked tests, a section or the whole run, to one member (or nobody), or split
 * between several (the server cuts the shares at section boundaries).
 */
export function AssignTests({ projectId, runId, tests, shown, execution }: Props) {
  const people = useAssignees(projectId);
  const checked = [...execution.selected];
  const sections = shown.sections;
  const testsOf = (section: string | null) =>
    tests.filter((t) => section === null || matchesFind(t, shown.pathOf(t), { ...NO_FIND, section })).map((t) => t.testId);
  const [open, setOpen] = useState(false);
  const [which, setWhich] = useState<string>(checked.length ? 'checked' : ALL);
  const [split, setSplit] = useState(false);
  const [assignee, setAssignee] = useState('');
  const [among, setAmong] = useState<number[]>([]);
  const assign = useAssignTests(projectId, runId);
  const testIds = which === 'checked' ? checked : testsOf(which === ALL ? null : which);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = split ? { testIds, distribute: among } : { testIds, assigneeId: assignee ? Number(assignee) : null };
    assign.mutate(body, {
      onSuccess: (r) => {
        setOpen(false);
        execution.setNotice(`${r.assigned} ${r.assigned === 1 ? 'test' : 'tests'} assigned.`);
      },
    });
  };
  const toggle = (id: number) => setAmong((a) => (a.includes(id) ? a.filter((x) => x !== id) : [...a, id]));
  return (
    <>
      <button type="button" className="button secondary" onClick={() => (setWhich(checked.length ? 'checked' : ALL), setOpen(true))}>
        Assign…
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Assign tests">
        <form className="assign-form" onSubmit={submit}>
          <label htmlFor="assign-which">Tests</label>
          <select id="assign-which" value={which} onChange={(e) => setWhich(e.target.value)}>
            {checked.length > 0 && <option value="checked">Checked tests ({checked.length})</option>}
            <option value={ALL}>Every test of the run</option>
            {sections.map((path) => (
              <option key={path} value={path}>
                Section {path}
              </option>
            ))}
          </select>
          <fieldset>
            <legend>Assign to</legend>
            <label>
              <input type="radio" name="assign-mode" checked={!split} onChange={() => setSplit(false)} /> One person
            </label>
            <label>
              <input type="radio" name="assign-mode" checked={split} onChange={() => setSplit(true)} /> Split evenly between several
            </label>
          </fieldset>
          {!split ? (
            <>
              <label htmlFor="assign-to">Person</label>
              <select id="assign-to" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
                <option value="">Nobody (unassign)</option>
                {people.members.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.name}
                    {m.userId === people.meId ? ' (me)' : ''}
                  </option>
                ))}
              </select>
            </>
          ) : (
            <fieldset className="assign-among">
              <legend>Split between (in this order, by section)</legend>
              {people.members.map((m) => (
                <label key={m.userId}>
                  <input type="checkbox" checked={among.includes(m.userId)} onChange={() => toggle(m.userId)} /> <bdi>{m.name}</bdi>
                </label>
              ))}
            </fieldset>
          )}
          <p className="muted">
            {testIds.length} {testIds.length === 1 ? 'test' : 'tests'}
          </p>
          <ErrorMessage error={assign.error} />
          <FormActions submitLabel="Assign" pendingLabel="Assigning…" pending={assign.isPending} onCancel={() => setOpen(false)} />
        </form>
      </Dialog>
    </>
  );
}

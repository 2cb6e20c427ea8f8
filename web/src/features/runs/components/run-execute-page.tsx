import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { StatusBar } from '../../../components/status-bar';
import { STATUS_COLORS, STATUS_LABELS, STATUSES } from '../../../lib/status-counts';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import { useRunDetail } from '../api/get-run-detail';
import { useRunState } from '../api/get-run-state';
import { useRunTests, type RunTest } from '../api/get-run-tests';
import { useSections } from '../../project-metadata';
import { useUpdateTestStatus } from '../api/update-test-status';
import { groupBySection, keyAction, moveIndex, nextAfter, sectionPaths, selectWithClick, type TestStatus } from '../run-execution';
import { RunActions } from './run-actions';
import { RunTestList } from './run-test-list';
import { RunTestPanel } from './run-test-panel';
import { ShortcutsDialog } from './shortcuts-dialog';
import '../run-execute.css';

/** Executing a run: the tests by section, the current test's panel, keyboard first. */
export function RunExecutePage() {
  const projectId = Number(useParams().projectId);
  const runId = Number(useParams().runId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const run = useRunDetail(projectId, runId);
  const state = useRunState(projectId, runId);
  const tests = useRunTests(projectId, runId);
  const locked = state.data?.locked ?? run.data?.locked ?? false;
  const sections = useSections(projectId);
  const update = useUpdateTestStatus(projectId, runId);

  const [currentId, setCurrentId] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [filter, setFilter] = useState<TestStatus | null>(null);
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState('');
  const [helpOpen, setHelpOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  const canWrite = atLeast(role, 'User');
  const editable = canWrite && !locked;

  // Open runs name sections from the live tree; a locked run from its snapshot (as at lock time).
  const paths = useMemo(() => sectionPaths(sections.data ?? []), [sections.data]);
  const groups = useMemo(() => {
    const orderByPath = new Map([...paths.values()].map((p) => [p.path, p.order]));
    const pathOf = (t: RunTest) =>
      t.snapshot ? t.snapshot.sectionPath : t.sectionId === null ? null : (paths.get(t.sectionId)?.path ?? `Section ${t.sectionId}`);
    const shown = (tests.data ?? []).filter((t) => filter === null || t.status === filter);
    return groupBySection(shown, pathOf, (p) => orderByPath.get(p));
  }, [tests.data, paths, filter]);
  const order = useMemo(() => groups.flatMap((g) => g.tests.map((t) => t.testId)), [groups]);
  const shownById = useMemo(() => new Map(groups.flatMap((g) => g.tests.map((t) => [t.testId, { t, path: g.path }] as const))), [groups]);
  // The current test, or the first shown when it is filtered out (or none was chosen yet).
  const current = (currentId !== null ? shownById.get(currentId) : undefined) ?? (order.length ? shownById.get(order[0]) : undefined);

  const goTo = (testId: number | null | undefined, focus: boolean) => {
    if (testId === null || testId === undefined) return;
    if (testId !== current?.t.testId && selected.size === 0) setDraft('');
    if (focus) setFocusRequest((n) => n + 1); // the list scrolls to the row and focuses it
    setCurrentId(testId);
  };

  const setStatus = (status: TestStatus, focus: boolean) => {
    if (!canWrite) return setNotice('You have read-only access to this run.');
    if (locked) return setNotice('This run is locked: results cannot be changed.');
    if (!current) return;
    const targets = selected.size > 0 ? order.filter((id) => selected.has(id)) : [current.t.testId];
    const comment = draft.trim() || null;
    update.mutate(targets.map((testId) => ({ testId, status, comment })));
    setDraft('');
    setNotice(
      targets.length > 1 ? `${targets.length} tests marked ${STATUS_LABELS[status]}.` : `${current.t.title}: ${STATUS_LABELS[status]}.`,
    );
    if (selected.size > 0) {
      setSelected(new Set());
      setAnchor(null);
    } else {
      goTo(nextAfter(order, current.t.testId), focus);
    }
  };

  const check = (testId: number, shift: boolean) => {
    setSelected((s) => selectWithClick(s, order, anchor, testId, shift));
    setAnchor(testId);
  };

  // One listener for the screen; as an effect event it sees the latest render's state.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (helpOpen || confirmOpen) return; // the dialog has the keyboard
    const action = keyAction({
      key: e.key,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
      altKey: e.altKey,
      target: e.target as HTMLElement | null,
    });
    if (!action) return;
    if (action.type === 'help') {
      e.preventDefault();
      setHelpOpen(true);
      return;
    }
    if (!current) return;
    e.preventDefault();
    if (action.type === 'move') goTo(order[moveIndex(order.indexOf(current.t.testId), action.by, order.length)], true);
    else if (action.type === 'status') setStatus(action.status, true);
    else if (action.type === 'toggle-select') {
      if (editable) check(current.t.testId, false);
    } else if (action.type === 'comment') {
      if (editable) commentRef.current?.focus();
      else setNotice(locked ? 'This run is locked: results cannot be changed.' : 'You have read-only access to this run.');
    }
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const title = run.data?.runName ?? `Run ${runId}`;
  const error = run.error ?? tests.error ?? state.error;
  return (
    <Page title={title}>
      {run.data?.runDescription && <p className="muted">{run.data.runDescription}</p>}
      <ErrorMessage error={error} />
      {run.data && (
        <RunActions
          projectId={projectId}
          runId={runId}
          role={role}
          locked={locked}
          onHelp={() => setHelpOpen(true)}
          onDialog={setConfirmOpen}
        />
      )}
      {locked && (
        <p className="run-locked-banner" data-testid="locked-banner">
          <strong>Locked</strong>
          {run.data?.lockedAt ? ` since ${new Date(run.data.lockedAt).toLocaleString()}` : ''}: this run is read-only, its tests are shown
          as they were when it was locked.
        </p>
      )}
      {state.data && (
        <div className="run-progress">
          <StatusBar counts={state.data} legend={false} />
          <div className="run-filters" role="group" aria-label="Show tests by status">
            <button type="button" className="run-filter" aria-pressed={filter === null} onClick={() => setFilter(null)}>
              All <strong data-testid="count-total">{state.data.total}</strong>
            </button>
            {STATUSES.map((s) => (
              <button
                key={s}
                type="button"
                className="run-filter"
                aria-pressed={filter === s}
                onClick={() => setFilter(filter === s ? null : s)}
              >
                <span className="status-dot" style={{ background: STATUS_COLORS[s] }} aria-hidden="true" />
                {STATUS_LABELS[s]} <strong data-testid={`count-${s}`}>{state.data[s]}</strong>
              </button>
            ))}
          </div>
        </div>
      )}
      <ErrorMessage error={update.error} />
      <p className="run-notice" role="status">
        {notice}
      </p>
      {editable && selected.size > 0 && (
        <div className="run-bulk" role="group" aria-label="Checked tests">
          <span>
            <strong>{selected.size}</strong> checked: a status key or button sets them all.
          </span>
          {STATUSES.map((s) => (
            <button key={s} type="button" className="button secondary" onClick={() => setStatus(s, false)}>
              {STATUS_LABELS[s]}
            </button>
          ))}
          <button type="button" className="button secondary" onClick={() => setSelected(new Set())}>
            Uncheck all
          </button>
        </div>
      )}
      {tests.isPending && !error && <p className="muted">Loading tests…</p>}
      {tests.data && order.length === 0 && (
        <p className="muted">{filter ? `No ${STATUS_LABELS[filter].toLowerCase()} tests.` : 'This run has no tests.'}</p>
      )}
      {tests.data && order.length > 0 && (
        <div className="run-layout">
          <RunTestList
            groups={groups}
            currentId={current?.t.testId ?? null}
            selected={selected}
            selectable={editable}
            focusRequest={focusRequest}
            onOpen={(id) => goTo(id, false)}
            onCheck={check}
          />
          {current && (
            <RunTestPanel
              key={current.t.testId}
              projectId={projectId}
              runId={runId}
              test={current.t}
              sectionPath={current.path}
              editable={editable}
              checkedCount={selected.size}
              draft={draft}
              onDraft={setDraft}
              onStatus={(s) => setStatus(s, false)}
              onLeaveComment={() => {
                commentRef.current?.blur();
                setFocusRequest((n) => n + 1);
              }}
              commentRef={commentRef}
            />
          )}
        </div>
      )}
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Page>
  );
}

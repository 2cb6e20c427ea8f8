import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import { useRunDetail } from '../api/get-run-detail';
import { useRunTests } from '../api/get-run-tests';
import type { TestStatus } from '../run-execution';
import { emptyListText } from '../run-find';
import { useRunFind } from '../use-run-find';
import { useExecution } from '../use-execution';
import { useLiveRun } from '../use-live-run';
import { usePendingView } from '../use-pending-view';
import { useRunKeys } from '../use-run-keys';
import { useRunSteps } from '../use-run-steps';
import { useShownTests } from '../use-shown-tests';
import { AssignTests } from './assign-tests';
import { CheckedTestsBar } from './checked-tests-bar';
import { LockedBanner } from './locked-banner';
import { RunAbout } from './run-about';
import { RunActions } from './run-actions';
import { RunFindBar } from './run-find-bar';
import { RunProgress } from './run-progress';
import { RunTestList } from './run-test-list';
import { RunTestPanel } from './run-test-panel';
import { ShortcutsDialog } from './shortcuts-dialog';
import { UnsentResults } from './unsent-results';
import '../run-execute.css';

/** Executing a run: the tests by section, the current test's panel, keyboard first. */
export function RunExecutePage() {
  const projectId = Number(useParams().projectId);
  const runId = Number(useParams().runId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const run = useRunDetail(projectId, runId);
  const tests = useRunTests(projectId, runId);
  const locked = run.data?.locked ?? false;
  const canWrite = atLeast(role, 'User');
  const editable = canWrite && !locked;

  const [filter, setFilter] = useState<TestStatus | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  // The tester's marks show at once, also those the server does not have yet (offline, signed out).
  const view = usePendingView(runId, tests.data);
  const { find, setFind, people } = useRunFind(projectId);
  const searchRef = useRef<HTMLInputElement>(null);
  const shown = useShownTests(projectId, view.tests, filter, find);
  const { groups, order } = shown;
  const execution = useExecution(projectId, runId, shown, { canWrite, locked });
  // Another person's change is the latest news: the note of the tester's own last mark goes.
  const live = useLiveRun(projectId, runId, () => execution.setNotice(''));
  const { current, selected } = execution;
  const steps = useRunSteps(projectId, runId, current?.t.deleted ? undefined : current?.t);
  useRunKeys({
    paused: helpOpen || confirmOpen,
    execution,
    order,
    editable,
    locked,
    onHelp: () => setHelpOpen(true),
    onDefect: execution.defect.show,
    commentRef,
    searchRef,
    steps,
  });
  const title = run.data?.runName ?? `Run ${runId}`;
  const error = run.error ?? tests.error;
  return (
    <Page title={title}>
      <RunAbout projectId={projectId} run={run.data} error={error} canWrite={canWrite} locked={locked} />
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
      {locked && <LockedBanner lockedAt={run.data?.lockedAt} />}
      {view.counts && <RunProgress counts={view.counts} filter={filter} onFilter={setFilter} />}
      {tests.data && (
        <RunFindBar
          find={find}
          onFind={setFind}
          sections={shown.sections}
          shown={order.length}
          total={tests.data.length}
          live={live}
          searchRef={searchRef}
          onLeave={() => execution.backToList(searchRef.current)}
          people={people}
        />
      )}
      <ErrorMessage error={view.refusal} />
      <UnsentResults unsent={view.unsent} state={view.state} />
      <p className="run-notice" role="status">
        {execution.notice}
      </p>
      {editable && tests.data && <AssignTests projectId={projectId} runId={runId} tests={tests.data} shown={shown} execution={execution} />}
      {editable && selected.size > 0 && (
        <CheckedTestsBar count={selected.size} onStatus={(s) => execution.setStatus(s, false)} onUncheck={execution.uncheckAll} />
      )}
      {tests.isPending && !error && <p className="muted">Loading tests…</p>}
      {tests.data && order.length === 0 && <p className="muted">{emptyListText(find, filter)}</p>}
      {tests.data && order.length > 0 && (
        <div className="run-layout">
          <RunTestList
            groups={groups}
            currentId={current?.t.testId ?? null}
            selected={selected}
            selectable={editable}
            focusRequest={execution.focusRequest}
            onOpen={(id) => execution.goTo(id, false)}
            onCheck={execution.check}
            markedBy={live.markedBy}
            names={people.names}
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
              draft={execution.draft}
              onDraft={execution.setDraft}
              onStatus={(s) => execution.setStatus(s, false)}
              onLeaveComment={() => execution.backToList(commentRef.current)}
              defect={execution.defect}
              commentRef={commentRef}
              steps={steps}
            />
          )}
        </div>
      )}
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Page>
  );
}

import { useState } from 'react';
import { STATUS_LABELS } from '../../lib/status-counts';
import type { RunTest } from './api/get-run-tests';
import { addResults } from './outbox';
import { useCommentDrafts } from './use-comment-drafts';
import { nextAfter, selectWithClick, type TestStatus } from './run-execution';
import { addDefect } from './defect-input';

interface Shown {
  order: number[];
  shownById: Map<number, { t: RunTest; path: string | null }>;
}

/**
 * Where the tester is in a run and what they do there: the current test, the checked tests, the
 * comment being written, the last action's notice, and the moves that change them (go to a test,
 * set a status, check a test). A status goes to the checked tests, else to the current one, which
 * then moves on. The comment is a draft of the current test (or of the checked tests together),
 * kept across moves and reloads until a status saves it; marks go through the outbox, which
 * keeps them until the server has them. A defect (`d`) goes the same way, on the current test, and
 * so does taking one off.
 */
export function useExecution(
  projectId: number,
  runId: number,
  { order, shownById }: Shown,
  access: { canWrite: boolean; locked: boolean },
) {
  const drafts = useCommentDrafts(runId);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  // Changes when the current row should take focus (a keyboard move).
  const [focusRequest, setFocusRequest] = useState(0);
  // The defect box (`d`) of the current test is open.
  const [defectOpen, setDefectOpen] = useState(false);
  // The current test, or the first shown when it is filtered out (or none was chosen yet).
  const current = (currentId !== null ? shownById.get(currentId) : undefined) ?? (order.length ? shownById.get(order[0]) : undefined);
  const slot = selected.size > 0 ? 'checked' : (current?.t.testId ?? null);
  const draft = slot === null ? '' : drafts.get(slot);
  const setDraft = (text: string) => {
    if (slot !== null) drafts.set(slot, text);
  };

  const goTo = (testId: number | null | undefined, focus: boolean) => {
    if (testId === null || testId === undefined) return;
    if (focus) setFocusRequest((n) => n + 1); // the list scrolls to the row and focuses it
    setCurrentId(testId);
    setDefectOpen(false);
  };

  /** Leaves a field for the list (the field loses focus, the current row takes it). */
  const backToList = (field?: HTMLElement | null) => {
    field?.blur();
    setFocusRequest((n) => n + 1);
  };

  const setStatus = (status: TestStatus, focus: boolean) => {
    if (!access.canWrite) return setNotice('You have read-only access to this run.');
    if (access.locked) return setNotice('This run is locked: results cannot be changed.');
    if (!current) return;
    const targets = selected.size > 0 ? order.filter((id) => selected.has(id)) : [current.t.testId];
    const comment = draft.trim() || null;
    addResults(
      projectId,
      runId,
      targets.map((testId) => ({ testId, status, comment })),
    );
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

  /**
   * Links the current result to one more defect: the same status and comment again with the
   * defect added, through the outbox as a mark (a new entry in its history). The error when the
   * text is no defect, else null.
   */
  const linkDefect = (text: string): string | null => {
    if (!current) return null;
    const added = addDefect(current.t.defects, text);
    if ('error' in added) return added.error;
    const { testId, status, comment, title } = current.t;
    addResults(projectId, runId, [{ testId, status, comment, defects: added.defects }]);
    setNotice(`${title}: ${added.defects[added.defects.length - 1].id} linked.`);
    return null;
  };

  /** Takes one defect off the current result: the same status and comment again without it, through the outbox (a new history entry). */
  const unlinkDefect = (id: string) => {
    if (!current) return;
    const { testId, status, comment, title, defects } = current.t;
    addResults(projectId, runId, [{ testId, status, comment, defects: defects.filter((d) => d.id !== id) }]);
    setNotice(`${title}: ${id} removed.`);
    // Its button is gone: the keyboard goes back to the list, as after the `d` box.
    backToList();
  };

  const check = (testId: number, shift: boolean) => {
    setSelected((s) => selectWithClick(s, order, anchor, testId, shift));
    setAnchor(testId);
  };

  return {
    current,
    selected,
    draft,
    setDraft,
    notice,
    setNotice,
    focusRequest,
    backToList,
    goTo,
    setStatus,
    defect: {
      open: defectOpen,
      show: () => setDefectOpen(true),
      link: linkDefect,
      unlink: unlinkDefect,
      close: () => {
        setDefectOpen(false);
        backToList();
      },
    },
    check,
    uncheckAll: () => setSelected(new Set()),
  };
}

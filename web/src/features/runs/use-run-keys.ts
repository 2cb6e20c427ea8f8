import { useEffect, useEffectEvent, type RefObject } from 'react';
import { isTyping, keyAction, moveIndex } from './run-execution';
import type { RunSteps } from './use-run-steps';
import type { useExecution } from './use-execution';

interface Options {
  /** A dialog is open: it has the keyboard. */
  paused: boolean;
  execution: ReturnType<typeof useExecution>;
  order: number[];
  editable: boolean;
  locked: boolean;
  onHelp: () => void;
  /** Opens the defect box of the current test (the `d` key). */
  onDefect: () => void;
  commentRef: RefObject<HTMLTextAreaElement | null>;
  /** The search box of the find bar (the `/` key). */
  searchRef?: RefObject<HTMLInputElement | null>;
  /** The open test's steps: 1–9 pick one, the status keys then set it, Esc goes back to the test. */
  steps?: RunSteps;
}

/** The execute screen's keys (keyAction in run-execution.ts) on the whole document: move, set a status, check, comment, defect, search, help. */
export function useRunKeys({ paused, execution, order, editable, locked, onHelp, onDefect, commentRef, searchRef, steps }: Options) {
  // One listener for the screen; as an effect event it sees the latest render's state.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    // A dialog of the page (a file's viewer, a confirmation) has the keyboard while it is open.
    if (paused || (e.target instanceof Element && e.target.closest('dialog[open]'))) return;
    if (steps && editable && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target as HTMLElement | null)) {
      if (/^[1-9]$/.test(e.key) && Number(e.key) <= steps.steps.length) {
        e.preventDefault();
        steps.pickStep(Number(e.key));
        return;
      }
      if (e.key === 'Escape' && steps.picked !== null) {
        e.preventDefault();
        steps.pickStep(null);
        return;
      }
    }
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
      onHelp();
      return;
    }
    if (action.type === 'search') {
      e.preventDefault(); // the key is not typed into the box
      searchRef?.current?.focus();
      searchRef?.current?.select();
      return;
    }
    const { current } = execution;
    if (!current) return;
    e.preventDefault();
    if (action.type === 'move') execution.goTo(order[moveIndex(order.indexOf(current.t.testId), action.by, order.length)], true);
    else if (action.type === 'status' && steps?.picked && editable) steps.setStepStatus(action.status);
    else if (action.type === 'status') execution.setStatus(action.status, true);
    else if (action.type === 'toggle-select') {
      if (editable) execution.check(current.t.testId, false);
    } else if (action.type === 'comment' || action.type === 'defect') {
      if (!editable)
        execution.setNotice(locked ? 'This run is locked: results cannot be changed.' : 'You have read-only access to this run.');
      else if (action.type === 'comment') commentRef.current?.focus();
      else onDefect();
    }
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

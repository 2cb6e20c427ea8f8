import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * While `when` (unsaved edits), leaving asks first: a link or the back button inside the app opens
 * a confirmation, and closing or reloading the tab gets the browser's own question.
 */
export function LeaveGuard({ when, what }: { when: boolean; what: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium before 119 still needs returnValue set to ask.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave and lose changes"
      pending={false}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      <p>{what}</p>
    </ConfirmDialog>
  );
}

/** Says the run is locked, since when, and what that means for the screen. */
export function LockedBanner({ lockedAt }: { lockedAt: string | null | undefined }) {
  return (
    <p className="run-locked-banner" data-testid="locked-banner">
      <strong>Locked</strong>
      {lockedAt ? ` since ${new Date(lockedAt).toLocaleString()}` : ''}: this run is read-only, its tests are shown as they were when it was
      locked.
    </p>
  );
}

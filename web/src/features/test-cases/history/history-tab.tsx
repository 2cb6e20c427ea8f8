import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { OlderEntries } from '../../../components/older-entries';
import { useRestoreVersion, useTestVersions, type RestoreResult } from './api';
import { RestoreOutcome } from './restore-outcome';
import { VersionDiff } from './version-diff';
import { VersionList } from './version-list';
import './history.css';

interface Props {
  projectId: number;
  testId: number;
  /** A User's or an Admin's: the versions offer Restore. */
  canRestore: boolean;
}

/**
 * A test's versions, newest first, two of them compared side by side (the last two unless other
 * ones are picked), and Restore of an old one after a confirmation.
 */
export function HistoryTab({ projectId, testId, canRestore }: Props) {
  const versions = useTestVersions(projectId, testId);
  const restore = useRestoreVersion(projectId, testId);
  const [pick, setPick] = useState<{ from?: number; to?: number }>({});
  const [asked, setAsked] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<RestoreResult | null>(null);
  const entries = versions.data?.pages.flatMap((page) => page.versions) ?? [];
  const from = pick.from ?? entries[1]?.version ?? entries[0]?.version ?? 0;
  const to = pick.to ?? entries[0]?.version ?? 0;

  const confirm = () => {
    if (asked === null) return;
    restore.mutate(asked, {
      onSuccess: (result) => {
        setOutcome(result);
        setAsked(null);
        // The comparison then shows what the restore did: the new current version against the one before.
        setPick({});
      },
    });
  };

  return (
    <section className="test-history" aria-labelledby="test-history-heading">
      <h2 id="test-history-heading" className="sr-only">
        History
      </h2>
      <div role="status">{outcome && <RestoreOutcome result={outcome} />}</div>
      <ErrorMessage error={versions.error} />
      {versions.isPending && <p className="muted">Loading…</p>}
      {entries.length > 0 && (
        <div className="history-layout">
          <div>
            <VersionList
              entries={entries}
              from={from}
              to={to}
              onPick={(p) => setPick((old) => ({ from, to, ...old, ...p }))}
              onRestore={canRestore ? setAsked : undefined}
            />
            {versions.hasNextPage && (
              <OlderEntries
                shown={entries.length}
                total={versions.data?.pages[0].total}
                loading={versions.isFetchingNextPage}
                onLoad={() => void versions.fetchNextPage()}
              />
            )}
          </div>
          {entries.length < 2 || from === to ? (
            <p className="muted">
              {entries.length < 2 ? 'One version so far: nothing to compare yet.' : 'Pick two different versions to compare.'}
            </p>
          ) : (
            <VersionDiff projectId={projectId} testId={testId} older={Math.min(from, to)} newer={Math.max(from, to)} />
          )}
        </div>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={`Restore version ${asked ?? ''}?`}
        confirmLabel="Restore"
        danger={false}
        pending={restore.isPending}
        onConfirm={confirm}
        onClose={() => {
          setAsked(null);
          restore.reset();
        }}
      >
        <p>
          The test's fields become what they were in version {asked}. This is recorded as a new version, so the current one stays in the
          history. What no longer exists in the project (a deleted label or section, say) keeps its current value.
        </p>
        <ErrorMessage error={restore.error} />
      </ConfirmDialog>
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useMe } from '../auth';
import { runTestsQueryOptions } from './api/get-run-tests';
import { runKeys } from './api/query-keys';
import { applyToCache } from './api/update-test-status';
import { watchRunEvents, type LiveState } from './api/watch-run-events';
import { describeEvent, markedByAfter, type RunEvent } from './live-run';

/**
 * The run as others change it, live (GET /run/events): their marks land in the cached rows (the
 * counts are the rows') as they commit, each row names who marked it (`markedBy`), and
 * `announcement` says the last change in words. Anything else (a reset, a lock, a mark of too
 * many tests to carry, a reconnection) reads the run again; `onOthersChange` hears of each change
 * another person made. `live` says whether the stream is open.
 */
export function useLiveRun(projectId: number, runId: number, onOthersChange: () => void) {
  const qc = useQueryClient();
  const me = useMe().data?.userId;
  const [markedBy, setMarkedBy] = useState<ReadonlyMap<number, string>>(new Map());
  const [announcement, setAnnouncement] = useState('');
  const [live, setLive] = useState<LiveState>('connecting');

  const onEvent = useEffectEvent((event: RunEvent) => {
    const mine = event.by.userId === me;
    setMarkedBy((m) => markedByAfter(m, event, me));
    if (event.kind === 'results' && event.tests) {
      // Marks still waiting in the outbox are laid over these rows (use-pending-view.ts), so a newer unsent one still shows.
      applyToCache(qc, projectId, runId, event.tests);
      for (const t of event.tests) void qc.invalidateQueries({ queryKey: runKeys.history(projectId, runId, t.testId) });
    } else {
      void qc.invalidateQueries({ queryKey: runKeys.run(projectId, runId) });
    }
    if (!mine) {
      const tests = qc.getQueryData(runTestsQueryOptions(projectId, runId).queryKey);
      setAnnouncement(describeEvent(event, (id) => tests?.find((t) => t.testId === id)?.title));
      onOthersChange();
    } else if (event.kind !== 'results') {
      // The tester's own reset or lock makes the last note about another person's marks stale.
      setAnnouncement('');
    }
  });
  const onResync = useEffectEvent(() => void qc.invalidateQueries({ queryKey: runKeys.run(projectId, runId) }));

  useEffect(
    () => watchRunEvents(projectId, runId, { onEvent: (e) => onEvent(e), onResync: () => onResync(), onLive: setLive }),
    [projectId, runId],
  );
  return { markedBy, announcement, live };
}

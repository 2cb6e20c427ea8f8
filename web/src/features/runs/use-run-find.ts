import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAssignees } from './api/get-assignees';
import { NO_FIND, type RunFind } from './run-find';

/**
 * What narrows the execute screen's list (run-find.ts), starting from the address: My work links
 * to a run with ?assignee=me, the tester's own tests; and the people tests may be assigned to.
 */
export function useRunFind(projectId: number) {
  const [params] = useSearchParams();
  const [find, setFind] = useState<RunFind>(() => (params.get('assignee') === 'me' ? { ...NO_FIND, assignee: 'me' } : NO_FIND));
  const people = useAssignees(projectId);
  return { find, setFind, people };
}

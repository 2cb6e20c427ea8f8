import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { paths } from '../../../lib/api-types';
import { runKeys } from './query-keys';

type ServedRunTest = paths['/api/v1/run/tests']['get']['responses'][200]['content']['application/json']['data']['tests'][number];
/** A test of the run as the page shows it: `unsent` when its status is a mark the server does not have yet (outbox.ts). */
export type RunTest = ServedRunTest & { unsent?: true };

const PAGE = 1000; // the API's largest page

/**
 * Every test of the run with its status and comment (all pages, in test id order). Marking
 * results updates this cache in place rather than fetching it again.
 */
export const runTestsQueryOptions = (projectId: number, runId: number) =>
  queryOptions({
    queryKey: runKeys.tests(projectId, runId),
    queryFn: async ({ signal }) => {
      const tests: ServedRunTest[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await unwrap(api.GET('/api/v1/run/tests', { params: { query: { projectId, runId, limit: PAGE, offset } }, signal }));
        tests.push(...page.tests);
        if (page.tests.length < PAGE || tests.length >= page.total) return tests;
      }
    },
  });

export const useRunTests = (projectId: number, runId: number) => useQuery(runTestsQueryOptions(projectId, runId));

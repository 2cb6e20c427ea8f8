import { defectLink } from './defect-links';
import { pageParams, queryId, z } from '../../core/schemas';
import { testStatus } from '../runs/runs.schemas';

const int = z.number().int();

/** The most results one defect lists (its counts cover them all). */
export const MAX_DEFECT_RESULTS = 100;

const { limit, offset } = pageParams(100);
export const listDefectsQuery = z.object({
  projectId: queryId,
  runId: queryId.optional().describe('Only the defects of this run of the project'),
  limit,
  offset,
});

export const defectRecord = defectLink.extend({
  resultCount: int.describe('Current results linking to it'),
  failedCount: int.describe('How many of those results are failed'),
  runCount: int.describe('Runs holding those results'),
  testCount: int.describe('Distinct tests of those results'),
  results: z
    .array(
      z.object({
        runId: int,
        runName: z.string(),
        testId: int,
        title: z.string().describe("The test's title as the run shows it (a locked run: at lock time)"),
        status: testStatus,
      }),
    )
    .describe(`The current results linking to it, newest run first, then by test id; at most ${MAX_DEFECT_RESULTS}`),
});
export const defectPage = z.object({
  defects: z.array(defectRecord).describe('Most failed results first, then most results, then by id'),
  total: int,
  limit: int,
  offset: int,
});

export type DefectRecord = z.infer<typeof defectRecord>;
export type ListDefectsInput = z.infer<typeof listDefectsQuery>;

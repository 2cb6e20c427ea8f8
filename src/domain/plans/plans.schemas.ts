import { bodyId, bulkArray, nonBlank, noDuplicateIds, optionalText, pageParams, queryId, z } from '../../core/schemas';
import { MAX_DISTRIBUTE } from '../assignment/assignment.schemas';
import {
  checkTestSource,
  MAX_RUN_TESTS,
  newRunTestIds,
  REPORT_FORMATS,
  selectionFields,
  statusCounts,
  testStatus,
} from '../runs/runs.schemas';
import { oneOf } from '../runs/test-status';

// Test plans: one run per entry and configuration combination, made in one transaction
// (plans.service.ts), and read back as one thing: runs, totals, a test × configuration matrix.

const int = z.number().int();
const when = z.iso.datetime();

/** The most runs one plan holds, and the most results its runs hold together. */
export const MAX_PLAN_RUNS = 200;
export const MAX_PLAN_RESULTS = 500_000;
/** The most configuration combinations one entry takes, and options one combination names. */
export const MAX_COMBINATIONS = 50;
export const MAX_COMBINATION_OPTIONS = 10;

const combination = z
  .array(bodyId)
  .min(1, 'At least one option')
  .max(MAX_COMBINATION_OPTIONS, `At most ${MAX_COMBINATION_OPTIONS} options`)
  .superRefine(noDuplicateIds<number>('options', (id) => id));

/** Two combinations of one entry with the same options (in any order) are refused, naming the later one. */
const distinctCombinations = (combos: number[][], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  combos.forEach((c, i) => {
    const key = [...c].sort((a, b) => a - b).join(',');
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: 'The same options as an earlier combination' });
    seen.add(key);
  });
};

export const entryFields = {
  testIds: newRunTestIds.optional().describe(`The tests of the entry's runs (up to ${MAX_RUN_TESTS}). Give these, or a selection instead`),
  ...selectionFields,
  configurations: z
    .array(combination)
    .max(MAX_COMBINATIONS, `At most ${MAX_COMBINATIONS} combinations`)
    .superRefine(distinctCombinations)
    .optional()
    .describe(
      'The configurations to run the selection on: each a list of option ids (GET /project/configurations), at most one per group; ' +
        'one run is made per combination. None (or []): one run without a configuration',
    ),
  assignTo: z
    .union([bodyId, bulkArray(bodyId, 'user', MAX_DISTRIBUTE).superRefine(noDuplicateIds<number>('assignTo', (id) => id))])
    .optional()
    .describe(
      "Who executes the entry's tests in each of its runs: a member's user id, or a list of members to split them between " +
        '(by section blocks, as PUT /run/assign distribute does; each run is split the same way)',
    ),
};
export const planEntry = z.strictObject(entryFields).superRefine(checkTestSource).meta({ id: 'PlanEntry' });
export type PlanEntryInput = z.infer<typeof planEntry>;

export const createPlanBody = z
  .strictObject({
    projectId: bodyId,
    name: nonBlank(200),
    description: optionalText(),
    milestoneId: bodyId.optional().describe('The milestone of the project the plan and its runs count towards (GET /milestones)'),
    entries: z.array(planEntry).min(1, 'At least one entry').max(50, 'At most 50 entries'),
  })
  .meta({
    description:
      'A plan of runs: each entry makes one run per configuration combination (one run when it has none), named after the plan and ' +
      `its options ("Release 2.4 – Chrome, Linux"), all in one transaction. At most ${MAX_PLAN_RUNS} runs and ${MAX_PLAN_RESULTS} results in all.`,
    example: {
      projectId: 1,
      name: 'Release 2.4',
      milestoneId: 4,
      entries: [
        {
          sectionIds: [1],
          configurations: [
            [1, 4],
            [2, 4],
          ],
          assignTo: [2, 3],
        },
      ],
    },
  });
export type CreatePlanInput = z.infer<typeof createPlanBody>;

export const addEntryBody = z
  .strictObject({ projectId: bodyId, planId: bodyId, ...entryFields })
  .superRefine(checkTestSource)
  .meta({ example: { projectId: 1, planId: 2, labelIds: [3], configurations: [[1], [2]] } });
export type AddEntryInput = z.infer<typeof addEntryBody>;

export const editPlanBody = z
  .strictObject({
    projectId: bodyId,
    planId: bodyId,
    name: nonBlank(200).optional().describe("The plan's new name; its runs' names that begin with the old one take the new one"),
    description: optionalText(),
    milestoneId: bodyId.nullable().optional().describe('Move the plan and all its runs to this milestone; null: to none'),
  })
  .meta({ example: { projectId: 1, planId: 2, name: 'Release 2.4.1' } });
export type EditPlanInput = z.infer<typeof editPlanBody>;

export const planIdBody = z.strictObject({ projectId: bodyId, planId: bodyId });

const { limit, offset } = pageParams(100);
export const listPlansQuery = z.object({
  projectId: queryId,
  milestoneId: queryId.optional().describe('Only the plans of this milestone'),
  limit,
  offset,
});
export const planQuery = z.object({
  projectId: queryId,
  planId: queryId,
  limit: limit.describe('Matrix rows (tests) per page'),
  offset,
});
export const planReportQuery = z.object({
  projectId: queryId,
  planId: queryId,
  format: z.enum(REPORT_FORMATS, oneOf(REPORT_FORMATS)).default('json'),
});

const passRate = z.number().min(0).max(100).describe('Passed results, percent of all (two decimals)');

export const planRecord = z.object({
  planId: int,
  projectId: int,
  name: z.string(),
  description: z.string().nullable(),
  milestoneId: int.nullable(),
  locked: z.boolean().describe('Locked by PUT /plan/lock: its runs are locked, and it takes no new entries'),
  createdBy: int.nullable(),
  createdAt: when,
  updatedAt: when,
  runCount: int,
  statusCounts: statusCounts.describe("Its runs' results together"),
  passRate,
});
export type PlanRecord = z.infer<typeof planRecord>;

export const planPage = z.object({ plans: z.array(planRecord).describe('Newest first'), total: int, limit: int, offset: int });

const configurationColumn = z.object({
  optionIds: z.array(int).describe('The options, in the order of their groups; [] for runs without a configuration'),
  label: z.string().describe('The options\' names joined ("Chrome, Linux"); "" for none'),
});

export const planRun = z.object({
  runId: int,
  runName: z.string(),
  configuration: z.array(int).describe('Its options (column of the matrix with the same optionIds)'),
  locked: z.boolean(),
  statusCounts,
  passRate,
});

export const planDetail = planRecord.extend({
  runs: z.array(planRun).describe('Oldest first: in entry order, then in the order of the combinations given'),
  configurations: z
    .array(configurationColumn)
    .describe("The matrix's columns: the distinct configurations of its runs, in the order they first come"),
  assignees: z
    .array(z.object({ assigneeId: int.nullable(), name: z.string().nullable(), done: int, total: int }))
    .describe('Results per assignee across its runs (null: unassigned): done is passed, failed or blocked'),
  matrix: z
    .object({
      tests: z.array(
        z.object({
          testId: int,
          title: z.string(),
          statuses: z
            .array(testStatus.nullable())
            .describe('One per column: its status in the newest run of that configuration holding it; null: in none'),
        }),
      ),
      total: int.describe('Distinct tests across its runs'),
      limit: int,
      offset: int,
    })
    .describe('Test × configuration: a page of the tests of its runs, by test id'),
});
export type PlanDetail = z.infer<typeof planDetail>;

export const planCreated = planRecord.extend({
  runs: z.array(planRun).describe('Its runs, oldest first: after /plan/add-entry all of them, the ones just made last'),
});
export const planDeleted = z.object({ planId: int, deleted: z.literal(true), runsDeleted: int });
export const planLocked = planRecord.extend({ runsChanged: int.describe('Runs locked (or unlocked) by the call') });
export const planReport = z.object({
  plan: planDetail,
  project: z.object({ projectId: int, orgId: int, projectName: z.string(), projectDescription: z.string().nullable() }),
});

import { bodyId, nonBlank, optionalText, pageParams, queryId, queryInt, z } from '../../core/schemas';
import { isRealDate } from '../custom-fields/field-values';
import { defectLink } from '../defects/defect-links';
import { REPORT_FORMATS, statusCounts } from '../runs/runs.schemas';
import { oneOf } from '../runs/test-status';

// Milestones: release goals of a project that runs count towards (runs.milestoneId), with one
// level of sub-milestones. Dates are calendar days (YYYY-MM-DD), without a time or zone.

const int = z.number().int();
const when = z.iso.datetime();

export const MILESTONE_STATUSES = ['open', 'completed'] as const;
export const milestoneStatus = z.enum(MILESTONE_STATUSES, oneOf(MILESTONE_STATUSES));

/** A calendar day as writes take it; null clears it. */
const calendarDay = z.string().refine(isRealDate, 'Expected a date YYYY-MM-DD').nullable().optional().meta({ example: '2026-12-15' });

/** `dueDate` before `startDate` (both given) is refused, naming dueDate. */
export const DATES_MESSAGE = 'Must not be before startDate';
const datesInOrder = (b: { startDate?: string | null; dueDate?: string | null }, ctx: z.RefinementCtx) => {
  if (b.startDate && b.dueDate && b.dueDate < b.startDate) ctx.addIssue({ code: 'custom', path: ['dueDate'], message: DATES_MESSAGE });
};

const fields = {
  description: optionalText(),
  startDate: calendarDay.describe('The first day of the milestone (YYYY-MM-DD); null clears it'),
  dueDate: calendarDay.describe('The day it is due (YYYY-MM-DD, not before startDate); past it and still open, it is overdue'),
  parentId: bodyId
    .nullable()
    .optional()
    .describe('Makes it a sub-milestone of this milestone of the project (one level: the parent must not be a sub-milestone itself)'),
};

export const createMilestoneBody = z
  .strictObject({ projectId: bodyId, name: nonBlank(200), ...fields })
  .superRefine(datesInOrder)
  .meta({ example: { projectId: 1, name: 'Release 2.4', startDate: '2026-12-01', dueDate: '2026-12-15' } });

export const editMilestoneBody = z
  .strictObject({ projectId: bodyId, milestoneId: bodyId, name: nonBlank(200).optional(), ...fields })
  .superRefine(datesInOrder)
  .meta({ example: { projectId: 1, milestoneId: 4, dueDate: '2026-12-20' } });

export const milestoneIdBody = z.strictObject({ projectId: bodyId, milestoneId: bodyId });

const { limit, offset } = pageParams(100);
export const listMilestonesQuery = z.object({
  projectId: queryId,
  status: milestoneStatus.optional().describe('Only open or only completed milestones'),
  limit,
  offset,
});
/** The most failed results a milestone's detail lists (its counts cover them all). */
export const MAX_FAILED_TESTS = 200;
export const milestoneQuery = z.object({ projectId: queryId, milestoneId: queryId });
/** GET /milestone/detail: how many failed results to list (a summary wants a few; failedCount counts them all). */
export const milestoneDetailQuery = milestoneQuery.extend({
  failedLimit: queryInt(0, MAX_FAILED_TESTS)
    .default(MAX_FAILED_TESTS)
    .describe(
      `Failed results listed, newest run first (0 to ${MAX_FAILED_TESTS}, default ${MAX_FAILED_TESTS}); failedCount counts them all`,
    ),
});
export const milestoneReportQuery = milestoneQuery.extend({
  format: z.enum(REPORT_FORMATS, oneOf(REPORT_FORMATS)).default('json'),
});

export const milestoneRecord = z.object({
  milestoneId: int,
  projectId: int,
  name: z.string(),
  description: z.string().nullable(),
  startDate: z.string().nullable().describe('YYYY-MM-DD').meta({ example: '2026-12-01' }),
  dueDate: z.string().nullable().describe('YYYY-MM-DD').meta({ example: '2026-12-15' }),
  parentId: int.nullable(),
  status: milestoneStatus,
  completedAt: when.nullable(),
  overdue: z.boolean().describe('Open, and its dueDate has passed (UTC)'),
  createdBy: int.nullable(),
  createdAt: when,
  updatedAt: when,
  runCount: int.describe('Runs of it and of its sub-milestones'),
  statusCounts: statusCounts.describe("The results of those runs, by status (the runs' counters added up)"),
});
export type MilestoneRecord = z.infer<typeof milestoneRecord>;

export const milestonePage = z.object({
  milestones: z.array(milestoneRecord).describe('Open ones first, then by due date (none last), then by id'),
  total: int,
  limit: int,
  offset: int,
});

export const milestoneRun = z.object({
  runId: int,
  runName: z.string(),
  milestoneId: int.describe('The milestone it belongs to: this one, or one of its sub-milestones'),
  locked: z.boolean(),
  createdAt: when,
  statusCounts,
  passRate: z.number().min(0).max(100),
});

export const milestoneProgress = z.object({
  statusCounts,
  passRate: z.number().min(0).max(100).describe('Passed results, percent of all results of its runs (two decimals)'),
  untested: int.describe('Results not executed yet'),
  runCount: int,
  lockedRunCount: int,
  failedCount: int.describe('Failed results in all (failedTests lists the first of them)'),
  failedTests: z
    .array(
      z.object({
        runId: int,
        runName: z.string(),
        testId: int,
        title: z.string().describe('As the run shows it (a locked run: at lock time)'),
        comment: z.string().nullable(),
        defects: z.array(defectLink),
      }),
    )
    .describe('The failed results of its runs, newest run first, then by test id; at most failedLimit'),
  runs: z.array(milestoneRun).describe('Its runs and those of its sub-milestones, newest first'),
});

export const milestoneDetail = milestoneRecord.extend({
  subMilestones: z.array(milestoneRecord).describe('Its sub-milestones, each with its own counts'),
  progress: milestoneProgress,
});
export type MilestoneDetail = z.infer<typeof milestoneDetail>;

export const milestoneDeleted = z.object({
  milestoneId: int,
  deleted: z.literal(true),
  runsDetached: int.describe('Runs that belonged to it and now belong to no milestone'),
});

export const milestoneReport = z.object({
  milestone: milestoneDetail,
  project: z.object({ projectId: int, orgId: int, projectName: z.string(), projectDescription: z.string().nullable() }),
});

export type CreateMilestoneInput = z.infer<typeof createMilestoneBody>;
export type EditMilestoneInput = z.infer<typeof editMilestoneBody>;
export type ListMilestonesInput = z.infer<typeof listMilestonesQuery>;

import { bodyId, bulkArray, limitOffset, noDuplicateIds, queryId, z } from '../../core/schemas';
import { MAX_RUN_TESTS } from '../runs/runs.schemas';

const int = z.number().int();
const when = z.iso.datetime();

/** The most testers one distribution splits the tests between. */
export const MAX_DISTRIBUTE = 100;

const idList = (name: string, noun: string, max?: number) =>
  bulkArray(bodyId, noun, max).superRefine(noDuplicateIds<number>(name, (id) => id));

const SELECTION = ['sectionIds', 'labelIds', 'priorityIds'] as const;

export const assignBody = z
  .strictObject({
    projectId: bodyId,
    runId: bodyId,
    testIds: idList('testIds', 'test', MAX_RUN_TESTS).optional().describe('The tests of the run to assign. Give these, or a selection'),
    sectionIds: idList('sectionIds', 'section')
      .optional()
      .describe("Selection: the run's live tests of these sections and of all their subsections"),
    labelIds: idList('labelIds', 'label').optional().describe("Selection: the run's live tests carrying at least one of these labels"),
    priorityIds: idList('priorityIds', 'priority').optional().describe("Selection: the run's live tests of one of these priorities"),
    allTests: z.literal(true).optional().describe('Selection: every live test of the run (not with the other selection fields)'),
    assigneeId: bodyId
      .nullable()
      .optional()
      .describe("Who executes the tests: a member of the run's organization; null takes the assignment away"),
    distribute: idList('distribute', 'user', MAX_DISTRIBUTE)
      .optional()
      .describe(
        'Instead of assigneeId: split the tests between these members, in this order, in consecutive blocks by section ' +
          '(sections in tree order, tests by id): each gets an even share, moved to the nearest section boundary, so a ' +
          'section no larger than a share stays with one tester. Each share differs from an even one by at most the largest such section',
      ),
  })
  .superRefine((body, ctx) => {
    const criteria = SELECTION.filter((key) => body[key] !== undefined);
    const selected = criteria.length > 0 || body.allTests !== undefined;
    if (body.testIds === undefined && !selected) {
      ctx.addIssue({
        code: 'custom',
        path: ['testIds'],
        message: 'Required, or a selection: sectionIds, labelIds, priorityIds or allTests',
      });
    } else if (body.testIds !== undefined && selected) {
      ctx.addIssue({ code: 'custom', path: ['testIds'], message: 'Give testIds or a selection, not both' });
    } else if (body.allTests !== undefined && criteria.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['allTests'], message: `Not with ${criteria.join(', ')}` });
    }
    if (body.assigneeId === undefined && body.distribute === undefined) {
      ctx.addIssue({ code: 'custom', path: ['assigneeId'], message: 'Required (a user id, or null), or distribute' });
    } else if (body.assigneeId !== undefined && body.distribute !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['distribute'], message: 'Not with assigneeId' });
    }
  })
  .meta({
    description:
      "Assigns tests of an open run: the listed testIds (each must be in the run), or a selection of the run's live tests as " +
      'POST /run/create takes it (within one field any id matches; several fields: every one). With assigneeId, all of them go to ' +
      'that member (null: to nobody); with distribute, they are split between the members given.',
    example: { projectId: 1, runId: 9, sectionIds: [4], distribute: [2, 3] },
  });
export type AssignInput = z.infer<typeof assignBody>;

export const assignResult = z.object({
  assigned: int.describe('Tests whose assignment was written'),
  assignees: z
    .array(z.object({ assigneeId: int.nullable(), count: int }))
    .describe('How many of them each assignee got, in the order given (null: unassigned)'),
});

export const myWorkQuery = z.object({ limit: limitOffset.limit, offset: limitOffset.offset });
export const myWorkRun = z.object({
  runId: int,
  runName: z.string(),
  projectId: int,
  projectName: z.string(),
  orgId: int,
  createdAt: when,
  total: int.describe('Tests of the run assigned to the caller'),
  done: int.describe('Of those, the ones with a result: passed, failed or blocked'),
  untested: int.describe('Of those, the ones still to execute: untested or retest'),
});
export const myWorkPage = z.object({
  runs: z.array(myWorkRun),
  total: int.describe('Open runs holding tests assigned to the caller'),
  untested: int.describe('Tests assigned to the caller still to execute, across all those runs (not only this page)'),
  limit: int,
  offset: int,
});

export const membersQuery = z.object({ projectId: queryId });
export const member = z.object({
  userId: int,
  name: z.string(),
  email: z.string().describe('Names the member where two share a name (the MCP tools take either)'),
});

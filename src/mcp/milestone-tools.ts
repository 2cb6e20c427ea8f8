import { limit, offset, projectId, tool } from './tool-spec';

// Milestones: release goals that runs count towards (part of the runs tool set).

export const milestoneTools = [
  tool({
    name: 'get-milestones',
    description:
      "List the milestones of a project (open first, then by due date), each with its dates, whether it is overdue, its number of runs and the status counts of its runs and its sub-milestones' runs; " +
      'a page at a time. Use it to find a milestoneId or to see how a release stands.',
    route: 'GET /milestones',
    params: { projectId, status: 'open or completed: only those', limit, offset },
    example: { projectId: 3, status: 'open' },
  }),
  tool({
    name: 'get-milestone-progress',
    description:
      '"Is the release on track?": one milestone\'s progress over its and its sub-milestones\' runs: counts, pass rate, tests not executed yet, ' +
      'the failed tests with their defects, a row per run, and whether it is overdue.',
    route: 'GET /milestone/detail',
    params: { projectId, milestoneId: 'Milestone id or name', failedLimit: 'Failed results listed (0 to 200, default 20)' },
    defaults: { failedLimit: 20 },
    example: { projectId: 3, milestoneId: 'Release 2.4' },
  }),
];

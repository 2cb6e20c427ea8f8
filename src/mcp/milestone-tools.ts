import { limit, offset, projectId, tool } from './tool-spec';

// Milestones: release goals that runs count towards (part of the runs tool set).

export const milestoneTools = [
  tool({
    name: 'get-milestones',
    description:
      "List the milestones of a project (open first, then by due date), each with its dates, whether it is overdue, its number of runs and the status counts of its runs and its sub-milestones' runs; " +
      'a page at a time (limit/offset: the result has total and hasMore, nextOffset while more pages exist). Use it to find a milestoneId or to see how a release stands.',
    route: 'GET /milestones',
    params: { projectId, status: 'open or completed: only those', limit, offset },
    example: { projectId: 3, status: 'open' },
  }),
  tool({
    name: 'get-milestone-progress',
    description:
      "Show one milestone's progress across its runs and its sub-milestones' runs: counts by status, pass rate, how many tests are not executed yet, " +
      'the failed tests with their defects, one row per run (counts, locked), its sub-milestones, and whether it is overdue. Use it to answer "is the release on track?".',
    route: 'GET /milestone/detail',
    params: { projectId, milestoneId: 'Milestone id (get-milestones lists the milestones of a project)' },
    example: { projectId: 3, milestoneId: 4 },
  }),
];

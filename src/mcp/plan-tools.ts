import { limit, offset, projectId, tool } from './tool-spec';

// Test plans: runs of selections across configurations, made and read as one (part of the runs tool set).

const planId = 'Plan id (get-plans lists the plans of a project)';

export const planTools = [
  tool({
    name: 'get-plans',
    description:
      "List a project's test plans, newest first, each with its number of runs and their results added up (counts, pass rate); " +
      'a page at a time. Use it to find a planId.',
    route: 'GET /plans',
    params: { projectId, milestoneId: 'Only the plans of this milestone', limit, offset },
    example: { projectId: 3 },
  }),
  tool({
    name: 'get-plan',
    description:
      "One test plan's progress: its runs (one per configuration) with their counts, the sum, each assignee's share, " +
      'and a page of its matrix: a row per test with its status on each configuration.',
    route: 'GET /plan/detail',
    params: { projectId, planId, limit: 'Matrix rows (tests) per page (default 20)', offset },
    defaults: { limit: 20 },
    example: { projectId: 3, planId: 2 },
  }),
  tool({
    name: 'create-plan',
    description:
      'Plan a release: run a selection of tests on several configurations at once. Each entry selects tests (testIds, or sectionIds with their ' +
      'subsections, labelIds, priorityIds, or allTests) and lists configuration combinations as option ids (get-configurations; one option per ' +
      'group, e.g. [[chromeId, linuxId], [firefoxId, linuxId]]); one run is made per combination, named "<plan> – Chrome, Linux", in the ' +
      "plan's milestone, all or nothing. assignTo gives the tests to a member, or splits them between several. " +
      'Answers the plan with its runs and their counts.',
    route: 'POST /plan/create',
    params: {
      projectId,
      name: 'Name of the plan, e.g. "Release 2.4"',
      description: 'What the plan covers',
      milestoneId: 'The milestone the plan and its runs count towards',
      entries: {
        text: 'What to run: one or more entries',
        items: {
          testIds: 'Ids of tests (array of numbers); or a selection instead',
          sectionIds: {},
          labelIds: {},
          priorityIds: {},
          allTests: {},
          configurations: 'Combinations of configuration option ids, e.g. [[1, 4], [2, 4]]; none: one run without a configuration',
          assignTo: 'A member user id for all the tests, or a list of user ids to split them between',
        },
      },
    },
    example: { projectId: 3, name: 'Release 2.4', entries: [{ allTests: true, configurations: [[1], [2]] }] },
  }),
];

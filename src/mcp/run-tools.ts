import { cursor, customFieldFilters, limit, offset, projectId, runId, testId, tool } from './tool-spec';

// Test runs: a fixed set of tests, each with a status, until the run is locked.

const inRun = { runId, projectId };
const example = { runId: 9, projectId: 3 };
const buildFields = {
  commit: 'The commit, e.g. a Git SHA',
  branch: 'The branch or ref name',
  buildNumber: 'The build or pipeline number',
  buildUrl: 'Link to the build (http or https)',
  ciJob: 'The CI job name',
};

export const runTools = [
  tool({
    name: 'get-runs',
    description: 'List the runs of a project, newest first, a page at a time. Use it to find a runId.',
    route: 'GET /runs',
    params: { projectId, milestoneId: 'Only the runs of this milestone', limit, offset, cursor },
    example: { projectId: 3, limit: 20 },
  }),
  tool({
    name: 'get-run',
    description:
      "Show one run and where it stands: name, build, milestone, counts per status, whether it is locked, and each assignee's share.",
    route: 'GET /run/detail',
    params: inRun,
    example,
  }),
  tool({
    name: 'get-run-tests',
    description:
      'List the tests of a run with their status, comment, defects and assignee, or only some: by status (e.g. every failed test), section, label, text, defect or assignee.',
    route: 'GET /run/tests',
    params: {
      ...inRun,
      status: 'Only tests with this status',
      sectionId: {},
      labelId: 'Only tests with this label',
      search: {},
      defect: 'Only tests whose current result links to this defect id or URL',
      assigneeId: 'Only tests assigned to this user id, to you (me), or to nobody (none)',
      limit,
      offset,
      cursor,
    },
    example: { runId: 9, projectId: 3, status: 'failed' },
  }),
  tool({
    name: 'run-detail',
    description: 'Show one run with its counts per status and whether it is locked.',
    route: 'GET /run/detail',
    params: inRun,
    example,
  }),
  tool({
    name: 'get-run-tests-list',
    description: 'List the tests of a run with their current status and comment, a page at a time. Use it to see what is left to execute.',
    route: 'GET /run/tests',
    params: {
      ...inRun,
      status: 'Only tests with this status',
      defect: 'Only tests whose current result links to this defect id or URL',
      assigneeId: 'Only tests assigned to this user id, to you (me), or to nobody (none)',
      limit,
      offset,
      cursor,
    },
    example: { runId: 9, projectId: 3, limit: 100 },
  }),
  tool({
    name: 'get-run-test-status',
    description:
      'List the tests of a run that have one status (all tests when status is left out), e.g. every failed test of a run, a page at a time.',
    route: 'GET /run/test-status',
    params: { ...inRun, status: 'passed, failed, blocked, retest or untested', limit, offset, cursor },
    example: { runId: 9, projectId: 3, status: 'failed' },
  }),
  tool({
    name: 'get-run-test',
    description:
      "Show one test as it stands in a run: its result, the test case's preconditions, steps (numbered, each with its result in this run) and expected result, " +
      'its custom field values, and whether the test case changed since the run took it. Use it before recording step results.',
    route: 'GET /run/test-detail',
    params: { ...inRun, testId },
    example: { runId: 9, projectId: 3, testId: 42 },
  }),
  tool({
    name: 'get-defects',
    description:
      "List the defects linked from a project's current results (or one run's), most failed first: each with its link, the runs and tests whose result names it, and how many of those are failed. " +
      'A page at a time. Use it to see which known bugs block a run.',
    route: 'GET /defects',
    params: { projectId, runId: 'Only the defects of this run (get-runs)', limit, offset },
    example: { projectId: 3, runId: 9 },
  }),
  tool({
    name: 'get-run-state-detail',
    description: 'Show the progress of a run: total, passed, failed, blocked, retest and untested counts, and whether it is locked.',
    route: 'GET /run/state-detail',
    params: inRun,
    example,
  }),
  tool({
    name: 'download-report',
    description:
      'Get the report of a run as json, html or pdf, to hand to people or another tool. Answers a summary (json: the run, project and counts, with the first tests; every format: the size) and the REST call that fetches the whole report (URL and Authorization header); to read results, page with get-run-tests-list.',
    route: 'GET /run/report',
    params: { ...inRun, format: 'json (default), pdf or html' },
    example: { runId: 9, projectId: 3, format: 'html' },
  }),
  tool({
    name: 'create-run',
    description:
      'Start a run of a project: its tests by testIds, or a selection by ids or names (sections by path, with subsections; labels; priorities; ' +
      'custom field values; tests matching every field given), or allTests. Answers the run and its counts, not its tests (get-run-tests pages them). ' +
      'empty: true makes a run for import-junit to fill.',
    route: 'POST /run/create',
    params: {
      projectId,
      runName: 'Name of the run, e.g. "Release 2.4 regression"',
      runDescription: 'What the run covers',
      build: { text: 'The CI build the results come from (each field optional)', fields: buildFields },
      milestoneId: 'The milestone the run counts towards',
      testIds: 'Ids of the tests to run; or a selection instead, or empty',
      sectionIds: 'Selection: these sections and their subsections (ids or paths)',
      labelIds: 'Selection: tests with one of these labels (ids or names)',
      priorityIds: 'Selection: tests of one of these priorities (ids or names)',
      allTests: 'Selection: every test of the project (true; alone)',
      customFields: `Selection: ${customFieldFilters[0].toLowerCase()}${customFieldFilters.slice(1)}`,
      empty: 'true: a run without tests, which imports fill',
    },
    example: { projectId: 3, runName: 'Checkout regression', sectionIds: ['Checkout > Payments'], priorityIds: ['High'] },
  }),
  tool({
    name: 'edit-run',
    description: 'Rename a run, change its description, its CI build or its milestone; a locked run refuses.',
    route: 'PUT /run/edit',
    params: {
      ...inRun,
      runName: 'New name',
      runDescription: 'New description',
      build: {
        text: 'CI build fields to set; fields left out are kept',
        orNull: 'CI build fields to set; fields left out are kept; null clears the whole build',
        fields: Object.fromEntries(Object.entries(buildFields).map(([k, text]) => [k, { text, orNull: `${text}; null clears it` }])),
      },
      milestoneId: {
        text: 'Move the run to this milestone',
        orNull: 'Move the run to this milestone; null: to none',
      },
    },
    example: { runId: 9, projectId: 3, runName: 'Release 2.4 regression (final)' },
  }),
  tool({
    name: 'delete-run',
    description: 'Delete a run with its results and history.',
    route: 'DELETE /run/delete',
    params: inRun,
    example,
  }),
  tool({
    name: 'run-update-test-status',
    description:
      'Record results in a run: each entry sets one test of the run to a status, with an optional comment, defects, elapsedMs and step results, kept in its history. All or nothing; a locked run refuses.',
    route: 'PUT /run/update-test-status',
    params: {
      ...inRun,
      testResults: {
        text: 'One entry per test',
        items: {
          testId,
          status: 'passed, failed, blocked, retest or untested',
          comment: 'Why, e.g. the error seen',
          elapsedMs: 'Milliseconds the execution took, if known',
          defects:
            'Defects this result links to: ids in the team tracker (SHOP-123, #45) or http(s) URLs, up to 20; a result without it links to none',
          stepResults: {
            text: 'Results of single steps (see get-run-test); without status the result follows its steps (a failed step fails it)',
            items: {
              index: "The step's number, from 1",
              status: 'passed, failed, blocked, retest or untested',
              comment: 'What happened at this step',
            },
          },
          customFields: "Values of the project's result fields by key (get-project-context); null clears one",
        },
      },
    },
    example: {
      runId: 9,
      projectId: 3,
      testResults: [
        { testId: 42, status: 'passed' },
        { testId: 43, status: 'failed', comment: 'Timeout on submit', defects: ['SHOP-123'] },
      ],
    },
  }),
  tool({
    name: 'run-lock',
    description:
      'Lock a finished run: its results no longer change and its tests keep their title, section, priority, squad and labels as now. An Admin can unlock it.',
    route: 'PUT /run/lock',
    params: inRun,
    example,
  }),
  tool({
    name: 'run-unlock',
    description:
      'Reopen a locked run so results can change again; its tests show the live catalog again. A run that is not locked gives an error.',
    route: 'PUT /run/unlock',
    params: inRun,
    example,
  }),
  tool({
    name: 'run-reset',
    description: 'Set every test of a run back to retest (history is kept), e.g. to re-execute a run after a fix. A locked run refuses.',
    route: 'PUT /run/reset',
    params: inRun,
    example,
  }),
  tool({
    name: 'run-add-tests',
    description:
      'Add tests to an open run, each starting untested; tests already in the run keep their status and comment. Every testId must be a live test of the project (otherwise nothing is written). A locked run refuses. Returns { added, total }.',
    route: 'PUT /run/add-tests',
    params: { ...inRun, testIds: 'Ids of the tests to add (array of numbers, up to 100,000 in the run)' },
    example: { runId: 9, projectId: 3, testIds: [45, 46] },
  }),
  tool({
    name: 'run-remove-tests',
    description: 'Take tests out of a run (their history in the run is kept). A locked run refuses.',
    route: 'PUT /run/remove-tests',
    params: { ...inRun, testIds: 'Ids of the tests to remove (array of numbers)' },
    example: { runId: 9, projectId: 3, testIds: [44] },
  }),
  tool({
    name: 'assign-tests',
    description:
      'Assign tests of an open run to a tester, or split them between several. Name the tests by testIds (each in the run) or by a selection of the run ' +
      '(sectionIds with their subsections, labelIds, priorityIds, or allTests). Give assigneeId (a member, from get-project-members; null unassigns) ' +
      'or assignee (their name or email), or distribute (user ids) or distributeTo (names or emails): members who each get an even share, ' +
      'cut at section boundaries so a section stays with one tester. A name several members share is refused with them: give the email. ' +
      'All or nothing; a locked run refuses. Returns { assigned, assignees: [{ assigneeId, count }] }.',
    route: 'PUT /run/assign',
    params: {
      ...inRun,
      testIds: 'Ids of tests of the run (array of numbers); or a selection instead',
      sectionIds: {},
      labelIds: {},
      priorityIds: {},
      allTests: {},
      assigneeId: { text: 'The member to assign the tests to', orNull: 'The member to assign the tests to; null leaves them unassigned' },
      assignee: 'Instead of assigneeId: the member by name or email, e.g. "Ann Lee" or "ann@example.com"',
      distribute: 'Instead of assigneeId: user ids of members to split the tests between, in this order',
      distributeTo: 'Instead of distribute: the members by name or email, in this order, e.g. ["Ann Lee", "bo@example.com"]',
    },
    example: { runId: 9, projectId: 3, sectionIds: [4], distribute: [2, 5] },
  }),
  tool({
    name: 'get-my-work',
    description:
      'What is assigned to you: the open runs holding your tests, newest first, each with how many are done and wait. ' +
      'Then list your tests of a run with get-run-tests and assigneeId me.',
    route: 'GET /my/work',
    params: { limit, offset },
    example: { limit: 20 },
  }),
  tool({
    name: 'get-project-members',
    description:
      "List the members of a project's organization (userId, name, email): who the tests of its runs may be assigned to, by id, name or email.",
    route: 'GET /project/members',
    params: { projectId },
    example: { projectId: 3 },
  }),
  tool({
    name: 'import-junit',
    description:
      'Record a JUnit XML report (JUnit, pytest, jest, Playwright, Go, PHPUnit) in a new run (runName) or an open one (runId). ' +
      'A testcase matches a test by a casebook_id property, else by its key (suites, classname, name); createMissing adds the others. All or nothing.',
    route: 'POST /run/import-junit',
    params: {
      projectId,
      xml: 'The JUnit XML report as text; or xmlGzipBase64',
      xmlGzipBase64: 'The report gzipped, then base64-encoded: one over about 4 MB of text (up to 50 MiB unpacked)',
      runId: 'An open run to record the results in; without it, a new run',
      runName: {},
      createMissing: 'true: a testcase matching no test becomes a new test, in sections named after its suites',
      dryRun: {},
      statusMap: 'Overrides of outcome → status, e.g. "skipped:blocked,error:retest"',
      caseMatcher: 'name: also [C123] in names; property: only the casebook_id property',
    },
    rawBody: 'xml',
    rawBodyGzip: 'xmlGzipBase64',
    example: {
      projectId: 3,
      xml: '<testsuite name="checkout"><testcase classname="CartTest" name="adds an item" time="0.04"/></testsuite>',
      runName: 'CI build 512',
      createMissing: true,
    },
  }),
];

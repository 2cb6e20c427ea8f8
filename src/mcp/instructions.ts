import { ANSWER_BUDGET } from './answer-budget';

// What the tool server tells a client at initialize, once a session: what Casebook
// is and how to find one's way with its tools. Read on every session, so short. It
// says once what the listed schemas leave out (tool-spec.ts SAID_ONCE): where ids
// come from and how pages go on.

export const SERVER_INSTRUCTIONS = [
  'Casebook is a test manager: organizations hold projects; a project holds test cases in sections (suites), ' +
    'runs that record a status per test (passed, failed, blocked, retest, untested), milestones and test plans.',
  'Ids: get-orgs-list gives orgId, get-projects projectId, get-tests testId, get-runs runId (newest first). get-project-context { projectId } ' +
    "gives in one answer the ids and names of the project's sections (as paths), labels, squads, priorities, types, platforms, " +
    "custom fields, configurations, milestones, plans and members. An id parameter takes a name too: projectId the project's name, " +
    'sectionId a path ("Checkout > Payments"), runId a run\'s name or "latest", milestoneId, planId, labels, squads, priorities, types and people theirs.',
  `Answers are JSON, at most ${ANSWER_BUDGET} characters. Lists come a page at a time (limit: 1 to 1000 rows, default 50): ` +
    'while hasMore is true, call again with offset=nextOffset (or page=nextPage, or cursor=nextCursor). A cut answer says truncated and how to go on; ' +
    'a long text in a list row ends …[+N chars] and names the tool that has it whole. ' +
    'List tools answer a compact view of each row (its texts cut) unless given fields: the row fields to answer with, or ["*"] for all of them, whole.',
  'Which tool: the latest run\'s failures: get-run-tests { runId: "latest", status: "failed" }; a run: get-run; ' +
    'flaky or never-run tests: get-test-stability; what changed between runs: get-run-comparison; who changed what since yesterday: get-project-activity; a project at a glance: get-project-dashboard; ' +
    'release progress: get-milestone-progress; your assignments: get-my-work. ' +
    'Writing: bulk-add-tests and bulk-update-tests (one test or thousands), add-section, create-run, run-update-test-status, run-lock, import-junit.',
  'More tools (single-test edits, CSV import, plans, history, attachments, metadata, users and the audit log, webhooks) come when the client names ' +
    'tool sets (--toolsets or ?toolsets=): core (this list), projects, tests, runs, insight, metadata, users, webhooks, or all. ' +
    'A failed call says what went wrong and how to fix it.',
].join('\n');

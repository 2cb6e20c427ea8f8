/**
 * The jobs of the assistant bench (issue 29, "Measured"), each done the way an assistant
 * would with the tools it is given: `before` with the tool server as it was when the bench
 * was written (90 tools, ids everywhere), `after` with the reshaped one. A job answers a
 * one-line summary of what it found, so the table shows the work was really done.
 *
 * `before` calls tools by their names on main at 5c74ed7 (get-run-test-status, get-run-tests-list,
 * get-sections, get-labels...): the bench connects it with every tool set (toolsets=all), as most of those
 * left the default list, and sends what makes today's tools answer as they did then (asBefore in
 * bench/assistant.ts), so it stays the record of how the before figures were taken. `after` uses
 * the default tool list, names instead of ids, as an assistant given Casebook would.
 */
import { junitReport } from '../junit-report';
import { MILESTONE } from './seed';
import type { JobContext } from './session';

export interface Job {
  title: string;
  /** The target: at most this many calls (the characters' target is the same for all, TARGET_CHARS). */
  maxCalls: number;
  /** The tools the after version is meant to use (issue 29), so whoever writes it knows the shape. */
  afterTools: string;
  /** What the before version leaves out, printed under the table. */
  note?: string;
  /** It writes: run after the reads, so what it adds is not among the changes "what changed" reports. */
  writes?: true;
  before: (ctx: JobContext) => Promise<string>;
  after?: (ctx: JobContext) => Promise<string>;
}

/** How the session learns the ids the jobs use; measured apart from the jobs (an assistant does it once). */
export interface SessionStart {
  afterTools: string;
  before: (ctx: JobContext) => Promise<{ projectId: number; orgId: number }>;
  after?: (ctx: JobContext) => Promise<{ projectId: number; orgId: number }>;
}

export const TARGET_CHARS = 20_000;
export const TARGET_LIST_CHARS = 25_000;

/** What the user asks about: the section of the regression run, its label, the new section's parent, the release. */
export const ASK = {
  regressionSection: 'Checkout',
  regressionLabel: 'payments',
  newSectionParent: ['Checkout', 'Payments'],
  newSection: 'Gift cards',
  milestone: MILESTONE,
  /** How many test versions the "what changed" job reads before it gives up (each is a call). */
  versionsCap: 10,
};

/** The JUnit report of the import job: 30 testcases of a Surefire-like suite, two failing, one passing on its rerun. */
export const junitXml = () => junitReport(30, 1, 13).xml.toString('utf8');

type Row = Record<string, unknown>;
interface Page {
  hasMore?: boolean;
  nextOffset?: number;
  nextCursor?: string;
  [rows: string]: unknown;
}

/** Every row of a listing, a call per page, as an assistant follows hasMore. */
async function allRows<T = Row>(ctx: JobContext, tool: string, args: Row, key: string): Promise<T[]> {
  const rows: T[] = [];
  let next: Row = {};
  for (;;) {
    const page = await ctx.data<Page>(tool, { ...args, ...next });
    rows.push(...(page[key] as T[]));
    if (!page.hasMore) return rows;
    next = page.nextCursor ? { cursor: page.nextCursor } : { offset: page.nextOffset };
  }
}

const groupCount = (values: unknown[]) => new Set(values.map(String)).size;

export const sessionStart: SessionStart = {
  afterTools: "none needed (projectId takes the project's name); get-project-context { projectId: 'Webshop' } if ids are wanted",
  // get-projects needs the organization, so its list comes first.
  before: async (ctx) => {
    const { items: orgs } = await ctx.data<{ items: { orgId: number }[] }>('get-orgs-list', {});
    for (const { orgId } of orgs) {
      const { projects } = await ctx.data<{ projects: { projectId: number; projectName: string }[] }>('get-projects', { orgId });
      const found = projects.find((p) => p.projectName === ctx.projectName);
      if (found) return { projectId: found.projectId, orgId };
    }
    throw new Error(`no project named ${ctx.projectName}`);
  },
  // Every tool takes the project by its name: nothing to look up first.
  after: async () => ({ projectId: 0, orgId: 0 }),
};

export const jobs: Job[] = [
  {
    title: 'latest run failures grouped by error',
    maxCalls: 2,
    afterTools: "get-run-tests { projectId: name, runId: 'latest', status: 'failed', fields: ['title', 'comment'] }",
    // The run's id, then its failed tests with their comments; grouped here by comment.
    async before(ctx) {
      const { runs } = await ctx.data<{ runs: { runId: number }[] }>('get-runs', { projectId: ctx.projectId, limit: 1 });
      const failed = await allRows<{ comment: string | null }>(
        ctx,
        'get-run-test-status',
        { projectId: ctx.projectId, runId: runs[0].runId, status: 'failed', limit: 1000 },
        'tests',
      );
      return `${failed.length} failed tests in ${groupCount(failed.map((t) => t.comment))} error groups`;
    },
    // The latest run by name, its failed tests with whole comments (the compact view cuts them at 56 characters).
    async after(ctx) {
      const { tests, hasMore } = await ctx.data<{ tests: { comment: string | null }[]; hasMore?: boolean }>('get-run-tests', {
        projectId: ctx.projectName,
        runId: 'latest',
        status: 'failed',
        fields: ['title', 'comment'],
        limit: 1000,
      });
      if (hasMore) throw new Error('more failed tests than one page');
      return `${tests.length} failed tests in ${groupCount(tests.map((t) => t.comment))} error groups`;
    },
  },
  {
    title: 'flaky tests over 30 runs',
    maxCalls: 2,
    afterTools: "get-test-stability { projectId: name, flakyOnly: true, fields: ['title', 'flips', 'failureRate'] }",
    async before(ctx) {
      const flaky = await allRows(
        ctx,
        'get-test-stability',
        { projectId: ctx.projectId, window: 30, flakyOnly: true, limit: 1000 },
        'tests',
      );
      return `${flaky.length} flaky tests`;
    },
    async after(ctx) {
      const { tests } = await ctx.data<{ tests: unknown[] }>('get-test-stability', {
        projectId: ctx.projectName,
        window: 30,
        flakyOnly: true,
        fields: ['title', 'flips', 'failureRate'],
        limit: 1000,
      });
      return `${tests.length} flaky tests`;
    },
  },
  {
    title: 'regression run of a section, its label passed',
    writes: true,
    maxCalls: 3,
    afterTools:
      "create-run { projectId: name, runName, sectionIds: ['Checkout'] } (answers counts); get-run-tests { runId, labelId: 'payments', fields: ['testId'] }; run-update-test-status",
    // create-run takes testIds only: the section's id, the label's id, every test of the subtree, then the run and its results.
    async before(ctx) {
      const { projectId } = ctx;
      const { items: sections } = await ctx.data<{ items: { sectionId: number; sectionName: string; depth: number }[] }>('get-sections', {
        projectId,
      });
      const section = sections.find((s) => s.sectionName === ASK.regressionSection && s.depth === 0)!;
      const { items: labels } = await ctx.data<{ items: { labelId: number; labelName: string }[] }>('get-labels', { projectId });
      const label = labels.find((l) => l.labelName === ASK.regressionLabel)!;
      const tests = await allRows<{ testId: number; labels: number[] }>(
        ctx,
        'get-tests',
        { projectId, sectionId: section.sectionId, includeSubsections: true, limit: 1000 },
        'tests',
      );
      const run = await ctx.data<{ runId: number }>('create-run', {
        projectId,
        runName: `${ASK.regressionSection} regression`,
        testIds: tests.map((t) => t.testId),
      });
      const labelled = tests.filter((t) => t.labels.includes(label.labelId));
      await ctx.data('run-update-test-status', {
        projectId,
        runId: run.runId,
        testResults: labelled.map((t) => ({ testId: t.testId, status: 'passed' })),
      });
      return `run of ${tests.length} tests, ${labelled.length} marked passed`;
    },
    // The run by the section's path, its tests of the label by name (ids only), then their results.
    async after(ctx) {
      const projectId = ctx.projectName;
      const run = await ctx.data<{ runId: number; statusCounts: { total: number } }>('create-run', {
        projectId,
        runName: `${ASK.regressionSection} regression`,
        sectionIds: [ASK.regressionSection],
      });
      const { tests } = await ctx.data<{ tests: { testId: number }[] }>('get-run-tests', {
        projectId,
        runId: run.runId,
        labelId: ASK.regressionLabel,
        fields: ['testId'],
        limit: 1000,
      });
      await ctx.data('run-update-test-status', {
        projectId,
        runId: run.runId,
        testResults: tests.map((t) => ({ testId: t.testId, status: 'passed' })),
      });
      return `run of ${run.statusCounts.total} tests, ${tests.length} marked passed`;
    },
  },
  {
    title: 'create 15 tests in a new section',
    writes: true,
    maxCalls: 2,
    afterTools: "add-section { projectId: name, sectionName, parentSectionId: 'Checkout > Payments' }; bulk-add-tests { projectId, tests }",
    // The parent's id comes from the section list; priorities and labels go by name already.
    async before(ctx) {
      const { projectId } = ctx;
      const { items: sections } = await ctx.data<{ items: { sectionId: number; sectionName: string; parentSectionId: number | null }[] }>(
        'get-sections',
        { projectId },
      );
      const [top, mid] = ASK.newSectionParent;
      const topId = sections.find((s) => s.sectionName === top && s.parentSectionId === null)!.sectionId;
      const parent = sections.find((s) => s.sectionName === mid && s.parentSectionId === topId)!;
      const section = await ctx.data<{ sectionId: number }>('add-section', {
        projectId,
        sectionName: ASK.newSection,
        parentSectionId: parent.sectionId,
      });
      const { testIds } = await ctx.data<{ testIds: number[] }>('bulk-add-tests', {
        projectId,
        tests: giftCardTests().map((t) => ({ ...t, sectionId: section.sectionId })),
      });
      return `${testIds.length} tests created`;
    },
    // The parent by its path.
    async after(ctx) {
      const projectId = ctx.projectName;
      const section = await ctx.data<{ sectionId: number }>('add-section', {
        projectId,
        sectionName: ASK.newSection,
        parentSectionId: ASK.newSectionParent.join(' > '),
      });
      const { testIds } = await ctx.data<{ testIds: number[] }>('bulk-add-tests', {
        projectId,
        tests: giftCardTests().map((t) => ({ ...t, sectionId: section.sectionId })),
      });
      return `${testIds.length} tests created`;
    },
  },
  {
    title: 'import a JUnit file',
    writes: true,
    maxCalls: 2,
    afterTools: "import-junit { projectId: name, xml, runName, createMissing } (the report's own size counts here)",
    async before(ctx) {
      const counts = await ctx.data<{ runId: number; created: number; failed: number }>('import-junit', {
        projectId: ctx.projectId,
        xml: ctx.junitXml,
        runName: 'CI build 1031',
        createMissing: true,
      });
      return `run ${counts.runId}: ${counts.created} tests created, ${counts.failed} failed`;
    },
    async after(ctx) {
      const counts = await ctx.data<{ runId: number; created: number; failed: number }>('import-junit', {
        projectId: ctx.projectName,
        xml: ctx.junitXml,
        runName: 'CI build 1031',
        createMissing: true,
      });
      return `run ${counts.runId}: ${counts.created} tests created, ${counts.failed} failed`;
    },
  },
  {
    title: 'never-run tests',
    maxCalls: 2,
    afterTools: "get-test-stability { projectId: name, neverRun: true, window: 'all', fields: ['title'] }",
    async before(ctx) {
      const never = await allRows(
        ctx,
        'get-test-stability',
        { projectId: ctx.projectId, neverRun: true, window: 'all', limit: 1000 },
        'tests',
      );
      return `${never.length} tests never run`;
    },
    async after(ctx) {
      const { tests } = await ctx.data<{ tests: unknown[] }>('get-test-stability', {
        projectId: ctx.projectName,
        neverRun: true,
        window: 'all',
        fields: ['title'],
        limit: 1000,
      });
      return `${tests.length} tests never run`;
    },
  },
  {
    title: 'what changed since yesterday',
    note: `capped, so incomplete: the versions of ${ASK.versionsCap} changed tests at most, results only in the latest run`,
    maxCalls: 2,
    afterTools: "get-project-activity { projectId: name, since: '24h' } (grouped by person and kind, with titles)",
    // No tool answers it: tests by last change (then each one's versions for who and what), the audit log for
    // deletions, the latest run's tests for results recorded today, the members for names. Versions are read
    // for ASK.versionsCap tests at most, and results in older runs are missed: the answer stays incomplete.
    async before(ctx) {
      const { projectId } = ctx;
      const since = new Date(Date.now() - 24 * 3600_000).toISOString();
      const changed: { testId: number }[] = [];
      for (let offset = 0; ; offset += 50) {
        const page = await ctx.data<{ tests: { testId: number; updatedAt: string }[]; hasMore: boolean }>('get-tests', {
          projectId,
          sort: 'updatedAt',
          order: 'desc',
          limit: 50,
          offset,
        });
        const recent = page.tests.filter((t) => t.updatedAt >= since);
        changed.push(...recent);
        if (recent.length < page.tests.length || !page.hasMore) break;
      }
      for (const t of changed.slice(0, ASK.versionsCap)) await ctx.data('get-test-versions', { projectId, testId: t.testId, limit: 5 });
      const audit = await allRows(ctx, 'get-audit', { orgId: ctx.orgId, from: since, limit: 100 }, 'events');
      // A run's row does not say when results were last recorded: only the latest run's tests are read.
      const { runs } = await ctx.data<{ runs: { runId: number }[] }>('get-runs', { projectId, limit: 1 });
      const inRun = await allRows<{ updatedAt: string }>(
        ctx,
        'get-run-tests-list',
        { projectId, runId: runs[0].runId, limit: 1000 },
        'tests',
      );
      const results = inRun.filter((r) => r.updatedAt >= since).length;
      await ctx.data('get-project-members', { projectId });
      const unread = Math.max(0, changed.length - ASK.versionsCap);
      return `${changed.length} tests changed (versions of ${changed.length - unread}), ${audit.length} audit entries, ${results} results in the latest run; incomplete`;
    },
    // One call: by person and kind, with counts. "Since yesterday" as the before's window, the last 24 hours
    // ("yesterday" would be from yesterday's start, which holds the latest nightly). It counts the changes
    // recorded (versions): an edit that changed nothing (2 of Ann's 8 set the priority a test had) is none,
    // where the before's updatedAt counted it.
    async after(ctx) {
      type Group = { kind: string; count: number; subjects: number };
      const activity = await ctx.data<{ people: { kinds: Group[] }[]; morePeople: number }>('get-project-activity', {
        projectId: ctx.projectName,
        since: '24h',
      });
      const groups = activity.people.flatMap((p) => p.kinds);
      const of = (kind: string, key: 'count' | 'subjects' = 'subjects') =>
        groups.filter((g) => g.kind === kind).reduce((n, g) => n + g[key], 0);
      const [created, edited] = [of('test.created'), of('test.changed')];
      const complete = activity.morePeople === 0 ? 'complete' : `${activity.morePeople} more people not listed`;
      return (
        `${created + edited} tests changed (${created} created, ${edited} edited; who and which fields), ` +
        `${of('test.deleted')} deleted, ${of('run.results', 'count')} results in any run; ${complete}`
      );
    },
  },
  {
    title: 'release summary (a milestone)',
    maxCalls: 2,
    afterTools: "get-milestone-progress { projectId: name, milestoneId: 'Release 2.4' } (20 failed results by default)",
    async before(ctx) {
      const { milestones } = await ctx.data<{ milestones: { milestoneId: number; name: string }[] }>('get-milestones', {
        projectId: ctx.projectId,
      });
      const milestone = milestones.find((m) => m.name === ASK.milestone)!;
      const progress = await ctx.data<{ progress: { passRate: number; failedCount: number; runCount: number } }>('get-milestone-progress', {
        projectId: ctx.projectId,
        milestoneId: milestone.milestoneId,
      });
      const p = progress.progress;
      return `${p.runCount} runs, pass rate ${p.passRate}%, ${p.failedCount} failed`;
    },
    // The milestone by its name.
    async after(ctx) {
      const { progress: p } = await ctx.data<{ progress: { passRate: number; failedCount: number; runCount: number } }>(
        'get-milestone-progress',
        { projectId: ctx.projectName, milestoneId: ASK.milestone },
      );
      return `${p.runCount} runs, pass rate ${p.passRate}%, ${p.failedCount} failed`;
    },
  },
];

/** The 15 tests of the new section, as a person would dictate them (priorities and labels by name). */
function giftCardTests() {
  const cases = [
    'buys a gift card',
    'pays with a gift card',
    'pays partly with a gift card',
    'sees a gift card balance',
    'redeems an expired gift card',
  ];
  const who = ['as a guest', 'as a customer', 'on mobile'];
  return cases.flatMap((c, i) =>
    who.map((w, j) => ({
      testName: `${c} ${w}`,
      priority: ['High', 'Medium', 'Low'][j],
      labelNames: i % 2 ? ['payments'] : ['payments', 'smoke'],
      steps: [
        { action: 'Open the checkout with a gift card in the cart', expected: 'The gift card field shows' },
        { action: 'Enter the card code', expected: 'The balance is applied' },
      ],
    })),
  );
}

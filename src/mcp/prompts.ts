import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from '../core/zod-messages';

// Prompts for the jobs assistants are asked to do most: each a short plan naming the tools to
// call, in order, with the arguments the job gives. Tools are named through TOOL, which
// test/mcp/prompts.test.ts checks against the tool table, so a renamed tool fails a test rather
// than leaving a prompt that points nowhere.

/** The tools the prompts name. */
export const TOOL = {
  comparison: 'get-run-comparison',
  runTestStatus: 'get-run-test-status',
  executions: 'get-test-executions',
  runs: 'get-runs',
  milestones: 'get-milestones',
  milestoneProgress: 'get-milestone-progress',
  stability: 'get-test-stability',
  defects: 'get-defects',
  sections: 'get-sections',
  labels: 'get-labels',
  tests: 'get-tests',
  createRun: 'create-run',
  activity: 'get-project-activity',
} as const;

const t = (name: keyof typeof TOOL) => `\`${TOOL[name]}\``;

interface PromptDecl {
  name: string;
  title: string;
  description: string;
  args: z.ZodRawShape;
  text(args: Record<string, string | undefined>): string;
}

const projectId = z.string().describe('The project id (get-projects lists them)');

export const PROMPTS: PromptDecl[] = [
  {
    name: 'triage-latest-run',
    title: 'Triage the latest run',
    description: "Group a run's failures by cause, tell new failures from old and flaky ones, and say what to do next",
    args: { projectId, runId: z.string().optional().describe("The run id (default: the project's latest run)") },
    text: ({ projectId: p, runId }) => {
      const run = runId ? `run ${runId}` : 'the latest run';
      return [
        `Triage ${run} of project ${p}.`,
        `1. Call ${t('comparison')} { projectId: ${p}${runId ? `, runId: ${runId}` : ''} }: new failures, fixed, still failing and flaky tests against the previous comparable run, and the failures grouped by message.`,
        `2. For a group worth a closer look, call ${t('runTestStatus')} { projectId: ${p}, runId, status: "failed" } (compact rows; pass fields for more), and ${t('executions')} { projectId: ${p}, testId } for a test's recent history.`,
        `3. Answer with the new failures first, grouped by cause (titles and test ids), then the flaky ones, then the still failing; for each group a likely cause and a next step. Change no results unless asked.`,
      ].join('\n');
    },
  },
  {
    name: 'summarize-release',
    title: 'Summarize a release',
    description: "Summarize a milestone's runs: progress, pass rate, open failures, defects and risks",
    args: { projectId, milestone: z.string().describe('The milestone, by name or id') },
    text: ({ projectId: p, milestone }) =>
      [
        `Summarize the release "${milestone}" of project ${p}.`,
        `1. Find the milestone: ${t('milestones')} { projectId: ${p} } lists them with their ids and status counts.`,
        `2. Call ${t('milestoneProgress')} { projectId: ${p}, milestoneId } for its progress across its runs, and ${t('runs')} { projectId: ${p}, milestoneId } for the runs themselves.`,
        `3. For the latest of its runs, ${t('comparison')} { projectId: ${p}, runId } gives the new failures and failure groups; ${t('defects')} { projectId: ${p} } the defects linked to results.`,
        '4. Answer in a few lines: done and left, pass rate, new and open failures by cause, defects, flaky tests, and whether the release looks ready.',
      ].join('\n'),
  },
  {
    name: 'find-flaky-tests',
    title: 'Find flaky tests',
    description: "Name the project's flaky tests, worst first, with the evidence for each",
    args: { projectId, window: z.string().optional().describe('How many of the latest runs to look at (default 30)') },
    text: ({ projectId: p, window }) =>
      [
        `Find the flaky tests of project ${p}.`,
        `1. Call ${t('stability')} { projectId: ${p}, flakyOnly: true${window ? `, window: "${window}"` : ''} }: the flaky tests, worst first, with their flips, failure rate and reasons.`,
        `2. For the worst few, ${t('executions')} { projectId: ${p}, testId } shows their results run by run (builds, times, flaky within a run).`,
        '3. Answer with a table: test (title and id), flips, failure rate, the reason it counts as flaky, and a suggestion (fix, quarantine, or watch).',
      ].join('\n'),
  },
  {
    name: 'plan-regression-run',
    title: 'Plan a regression run for a change',
    description: 'Choose the tests a change puts at risk and propose a run of them',
    args: { projectId, change: z.string().describe('What changed, in words (a feature, a pull request, a component)') },
    text: ({ projectId: p, change }) =>
      [
        `Plan a regression run in project ${p} for this change: ${change}`,
        `1. Find where the change lands: ${t('sections')} { projectId: ${p} } and ${t('labels')} { projectId: ${p} } for the areas it touches, and ${t('tests')} { projectId: ${p}, search } for tests named after it.`,
        `2. Add the tests that failed or flipped lately in those areas: ${t('stability')} { projectId: ${p}, sectionId } sorted by failureRate.`,
        `3. Propose the run: its name, the sections, labels and tests chosen and why, and how many tests. After the user agrees, create it with ${t('createRun')}.`,
      ].join('\n'),
  },
  {
    name: 'what-changed',
    title: 'What changed lately',
    description: 'Tell who created, changed, deleted or ran what in a project since a moment',
    args: { projectId, since: z.string().optional().describe('From when: yesterday (default), today, 24h, 7d or a date') },
    text: ({ projectId: p, since }) =>
      [
        `Tell what changed in project ${p} since ${since ?? 'yesterday'}.`,
        `1. Call ${t('activity')} { projectId: ${p}, since: "${since ?? 'yesterday'}" }: each person's tests created, changed and deleted, runs created, results recorded, locks and resets, with titles and counts.`,
        `2. For a run with many failures, ${t('comparison')} { projectId: ${p}, runId } says which are new.`,
        '3. Answer by person, most active first, in a line or two each; name the tests and runs, and count the rest.',
      ].join('\n'),
  },
];

export function registerPrompts(server: McpServer): void {
  for (const p of PROMPTS) {
    server.registerPrompt(
      p.name,
      { title: p.title, description: p.description, argsSchema: p.args },
      // The arguments are the prompt's strings, checked by the SDK against args.
      (args) => ({
        description: p.description,
        messages: [{ role: 'user', content: { type: 'text', text: p.text(args as Record<string, string | undefined>) } }],
      }),
    );
  }
}

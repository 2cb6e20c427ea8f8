import { queryId, queryInt, z } from '../../core/schemas';
import { auditActions, type AuditAction } from '../audit/audit.schemas';
import { MOMENT_FORMS, queryMoment } from './moments';

const int = z.number().int();

/** The longest span one read covers: a year of a project's history is still one statement. */
export const MAX_SPAN_DAYS = 366;

/** The audit log's acts about something outside any one project: the organization, its people, tokens and webhooks, a project as a whole. */
const OUTSIDE_PROJECTS = ['user', 'token', 'invitation', 'org', 'project', 'webhook'];

/** What the audit log records in a project (src/domain/audit), told under its own name. */
export const PROJECT_AUDIT_ACTIONS = auditActions.filter((action) => !OUTSIDE_PROJECTS.includes(action.split('.')[0]));

/** The kinds of activity not in the audit log: tests written (their versions), runs created and worked on (their results). */
const RECORDED_KINDS = ['test.created', 'test.changed', 'run.created', 'run.results'] as const;
export type ActivityKind = (typeof RECORDED_KINDS)[number] | AuditAction;
/** Each kind of activity, in the order a person's are told. */
export const ACTIVITY_KINDS: [ActivityKind, ...ActivityKind[]] = [...RECORDED_KINDS, ...PROJECT_AUDIT_ACTIONS];

export const activityQuery = z
  .object({
    projectId: queryId,
    since: queryMoment('7d').describe(`From this moment (inclusive): ${MOMENT_FORMS}`),
    until: queryMoment('now').optional().describe('Up to this moment (exclusive; default: now), in the same forms as since'),
    userId: queryId.optional().describe("Only this person's activity"),
    perKind: queryInt(1, 100)
      .default(10)
      .describe('Items listed per person and kind, newest first (1 to 100, default 10); the rest are counted'),
    people: queryInt(1, 100).default(20).describe('People listed, most active first (1 to 100, default 20); the rest are counted'),
  })
  .superRefine((q, ctx) => {
    const until = q.until ?? new Date();
    if (q.since.getTime() >= until.getTime())
      ctx.addIssue({ code: 'custom', path: ['since'], message: `Must be before until (${until.toISOString()})` });
    else if (until.getTime() - q.since.getTime() > MAX_SPAN_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['since'], message: `At most ${MAX_SPAN_DAYS} days before until` });
  });
export type ActivityQuery = z.output<typeof activityQuery>;

const activityItem = z.object({
  id: int.nullable().describe('The test, run or other record acted on (testId, runId, sectionId…)'),
  title: z.string().nullable().describe("The test's title, the run's name, or the record's name"),
  count: int.describe('Acts on it of this kind: versions recorded, results recorded, entries logged'),
  at: z.iso.datetime().describe('The latest of them'),
  fields: z.array(z.string()).optional().describe('test.changed: the fields its versions changed'),
  statuses: z.record(z.string(), int).optional().describe('run.results: the results recorded, by status'),
});

const activityGroup = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  count: int.describe('Acts of this kind (versions, results, entries)'),
  subjects: int.describe('Distinct records acted on'),
  items: z.array(activityItem).describe('The latest records acted on (perKind of them)'),
  more: int.describe('Records acted on and not listed'),
});

export const projectActivity = z.object({
  projectId: int,
  since: z.iso.datetime(),
  until: z.iso.datetime(),
  total: int.describe('Acts of every kind by everyone in the span'),
  people: z.array(
    z.object({
      userId: int.nullable().describe('null: a user since removed, or the command line'),
      userName: z.string().nullable(),
      total: int,
      kinds: z.array(activityGroup),
    }),
  ),
  morePeople: int.describe('People active in the span and not listed'),
});
export type ProjectActivity = z.input<typeof projectActivity>;

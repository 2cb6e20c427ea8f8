import { z } from '../core/zod-messages';
import { ROW_FIELDS, type ToolSpec } from './tool-spec';

// Rows of list tools shaped for reading: every list tool takes `fields` (the row's fields to
// show, checked against its route's row schema), and shows a compact view when it is not
// given: the few fields an assistant scans a list for, long text cut short. A test row of
// get-tests is about 720 characters whole; its compact view stays under 200.

/** `fields` naming every field of the row, with text cut only at the list's usual length. */
export const ALL_FIELDS = '*';

/** A compact view: the fields shown, and where its text is cut. */
interface View {
  fields: string[];
  /** Characters a string keeps in the view (then `…[+N chars]`). */
  text: number;
}

const view = (fields: string[], text = 80): View => ({ fields, text });

/** A run's tests, as get-run-tests and the two older tools it merges show them. */
const runTestRows = view(['testId', 'title', 'status', 'comment'], 56);

/** The compact view of each list tool that has one, by tool name; the others show whole rows (their rows are short). */
export const COMPACT_VIEWS: Record<string, View> = {
  'get-projects': view(['projectId', 'projectName', 'isActive']),
  'get-tests': view(['testId', 'title', 'sectionId', 'priorityId', 'automationStatusId']),
  'get-test-status-history': view(['runId', 'runName', 'status', 'comment', 'userName', 'createdAt'], 40),
  'get-test-versions': view(['version', 'userName', 'createdAt', 'changedFields']),
  'get-attachments': view(['attachmentId', 'testId', 'runId', 'fileName', 'contentType', 'size']),
  'get-runs': view(['runId', 'runName', 'locked', 'statusCounts', 'milestoneId', 'createdAt'], 60),
  'get-run-tests-list': runTestRows,
  'get-run-test-status': runTestRows,
  'get-run-tests': runTestRows,
  'get-defects': view(['id', 'url', 'failedCount', 'runCount', 'testCount']),
  'get-milestones': view(['milestoneId', 'name', 'status', 'dueDate', 'overdue', 'statusCounts'], 60),
  'get-plans': view(['planId', 'name', 'milestoneId', 'locked', 'runCount', 'passRate']),
  // Flaky or not is whether it has reasons.
  'get-test-stability': view(['testId', 'title', 'executions', 'flips', 'failureRate', 'lastStatus', 'flakyReasons'], 60),
  'get-custom-fields': view(['fieldId', 'key', 'name', 'type', 'appliesTo', 'required']),
  'get-shared-steps': view(['sharedStepsId', 'name', 'testCount']),
  'get-all-users': view(['userId', 'name', 'email', 'role']),
  'get-webhook-deliveries': view(['deliveryId', 'webhookId', 'eventType', 'attempt', 'statusCode', 'error', 'createdAt'], 60),
};

/** The fields of a list's rows, from its route's answer schema (the first array of a page, or the array itself); undefined for no list of objects. */
export function rowFieldsOf(spec: Pick<ToolSpec, 'route' | 'paged'>): string[] | undefined {
  if (!spec.paged) return undefined;
  const answer = spec.route.response as z.ZodType | undefined;
  const list =
    answer instanceof z.ZodArray
      ? answer
      : answer instanceof z.ZodObject
        ? Object.values(answer.shape as Record<string, z.ZodType>).find((v): v is z.ZodArray => v instanceof z.ZodArray)
        : undefined;
  const row = list?.element;
  return row instanceof z.ZodObject ? Object.keys(row.shape) : undefined;
}

/** A list tool with its `fields` parameter (names checked against the row's fields, so a misspelt one is named with the valid ones). */
export function withFields(spec: ToolSpec): ToolSpec {
  const known = rowFieldsOf(spec);
  if (!known || 'fields' in spec.input) return spec;
  const compact = COMPACT_VIEWS[spec.name];
  const unknown = compact?.fields.filter((f) => !known.includes(f));
  if (unknown?.length) throw new Error(`tool ${spec.name}: its compact view names fields its rows lack: ${unknown.join(', ')}`);
  // The description last: zod keeps it on the instance it is given to.
  // The bounds are checked here rather than declared: every list tool's schema carries this, in every tools/list.
  const fields = z
    .array(z.string())
    .superRefine((names, ctx) => {
      const bad = names.filter((name) => name !== ALL_FIELDS && !known.includes(name));
      if (bad.length) ctx.addIssue({ code: 'custom', message: `Unknown field ${bad.join(', ')}; the rows have ${known.join(', ')}` });
      else if (names.length === 0) ctx.addIssue({ code: 'custom', message: `At least one of ${known.join(', ')}, or "*"` });
    })
    .optional()
    .describe(ROW_FIELDS);
  return { ...spec, input: { ...spec.input, fields } };
}

/** The view a call asked for: the fields to keep (undefined: all) and where its text is cut (undefined: the list's usual length). */
export function viewOf(spec: Pick<ToolSpec, 'name'>, fields: unknown): { fields?: string[]; text?: number } {
  if (Array.isArray(fields)) return fields.includes(ALL_FIELDS) ? {} : { fields: fields as string[] };
  const compact = COMPACT_VIEWS[spec.name];
  return compact ? { fields: compact.fields, text: compact.text } : {};
}

/** The row with only `fields`, in the row's own order. */
export function project(row: unknown, fields: string[] | undefined): unknown {
  if (!fields || row === null || typeof row !== 'object' || Array.isArray(row)) return row;
  return Object.fromEntries(Object.entries(row).filter(([name]) => fields.includes(name)));
}

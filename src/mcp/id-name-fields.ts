import type { ErrorCode } from '../core/error-codes';
import { z } from '../core/zod-messages';

// The id fields a tool takes names in (`projectId: "Web shop"`, `sectionId: "Checkout >
// Payments"`, `runId: "latest"`) and their tool type, an id or a name; src/mcp/id-names.ts
// looks the names up.

export type Kind = 'project' | 'section' | 'run' | 'milestone' | 'plan' | 'label' | 'squad' | 'lookup' | 'member' | 'user';

interface KindInfo {
  /** One record, in messages. */
  what: string;
  /** The listing tool to name in tips. */
  list: string;
  /** The code of a name that names none. */
  missing: ErrorCode;
}

export const KINDS: Record<Kind, KindInfo> = {
  project: { what: 'project', list: 'get-projects', missing: 'project_not_found' },
  section: { what: 'section', list: 'get-sections', missing: 'section_not_found' },
  run: { what: 'run', list: 'get-runs', missing: 'run_not_found' },
  milestone: { what: 'milestone', list: 'get-milestones', missing: 'milestone_not_found' },
  plan: { what: 'plan', list: 'get-plans', missing: 'plan_not_found' },
  label: { what: 'label', list: 'get-labels', missing: 'label_not_found' },
  squad: { what: 'squad', list: 'get-squads', missing: 'squad_not_found' },
  lookup: { what: 'entry', list: 'the list tool', missing: 'lookup_not_found' },
  member: { what: 'member', list: 'get-project-members', missing: 'user_not_found' },
  user: { what: 'user', list: 'get-all-users', missing: 'user_not_found' },
};

/** The id fields that take names, each with the list it is looked up in (a lookup list by its path and noun). */
export const FIELDS: Record<string, { kind: Kind; path?: string; what?: string }> = {
  // Users of the caller's organizations: named in any tool, with or without a project.
  userId: { kind: 'user' },
  actorId: { kind: 'user' },
  projectId: { kind: 'project' },
  sectionId: { kind: 'section' },
  parentSectionId: { kind: 'section' },
  sectionIds: { kind: 'section' },
  runId: { kind: 'run' },
  milestoneId: { kind: 'milestone' },
  planId: { kind: 'plan' },
  labelId: { kind: 'label' },
  labelIds: { kind: 'label' },
  labels: { kind: 'label' },
  squadId: { kind: 'squad' },
  priorityId: { kind: 'lookup', path: '/priority', what: 'priority' },
  priorityIds: { kind: 'lookup', path: '/priority', what: 'priority' },
  typeId: { kind: 'lookup', path: '/type', what: 'test type' },
  automationStatusId: { kind: 'lookup', path: '/automation-status', what: 'automation status' },
  platformId: { kind: 'lookup', path: '/platforms', what: 'platform' },
  testCoveredById: { kind: 'lookup', path: '/test-covered-by', what: 'coverage kind' },
  assigneeId: { kind: 'member' },
  distribute: { kind: 'member' },
};

/** Whether an id field takes names (route-input.ts types it with idOrName): in a tool of a project, or a user's anywhere. */
export const takesName = (field: string, inProject: boolean): boolean =>
  Object.hasOwn(FIELDS, field) && (inProject || FIELDS[field].kind === 'user');

/** Whether names of the field are looked up in the call's project. */
export const inProjectKind = (field: string): boolean => FIELDS[field].kind !== 'user' && FIELDS[field].kind !== 'project';

const nameOfId = z.string();
/** The tool form of an id field that takes names: the id, or a name (a numeric string is the id). */
export const idOrName = (id: z.ZodType) => z.union([id, nameOfId]);

/** Whether a tool parameter (or its items) is typed with idOrName. */
export function isIdOrName(schema: z.ZodType): boolean {
  for (let node: z.ZodType | undefined = schema; node;) {
    if (node instanceof z.ZodUnion) return (node.options as z.ZodType[]).includes(nameOfId);
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault) node = node.unwrap() as z.ZodType;
    else if (node instanceof z.ZodArray) node = node.element as z.ZodType;
    else return false;
  }
  return false;
}

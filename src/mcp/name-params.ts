import { z } from '../core/zod-messages';

// The tools' name parameters: `priority: "High"` where the routes take `priorityId`.
// Each stands for an id field of the route and names an entry of a listing tool;
// src/mcp/name-resolution.ts turns names into ids before the REST call.

export interface NameParam {
  /** The id parameter (and route field) it stands for. */
  id: string;
  /** The listing tool whose entries it names. */
  list: string;
  /** The id and name fields of that list's entries, and a field naming them too where names repeat (a member's email). */
  entry: [idKey: string, nameKey: string, aliasKey?: string];
  /** One entry, in messages. */
  what: string;
  /** Names for an array of ids (labels). */
  many?: true;
}

const lookup = ['id', 'name'] as [string, string];
const member = ['userId', 'name', 'email'] as [string, string, string];

/** Every name parameter a tool may offer, by its tool name. */
export const nameParams: Record<string, NameParam> = {
  priority: { id: 'priorityId', list: 'get-priority', entry: lookup, what: 'priority' },
  type: { id: 'typeId', list: 'get-type', entry: lookup, what: 'test type' },
  automationStatus: { id: 'automationStatusId', list: 'get-automation-status', entry: lookup, what: 'automation status' },
  platform: { id: 'platformId', list: 'get-platforms', entry: lookup, what: 'platform' },
  testCoveredBy: { id: 'testCoveredById', list: 'get-test-covered-by', entry: lookup, what: 'coverage kind' },
  squad: { id: 'squadId', list: 'get-squads', entry: ['squadId', 'squadName'], what: 'squad' },
  label: { id: 'labelId', list: 'get-labels', entry: ['labelId', 'labelName'], what: 'label' },
  labelNames: { id: 'labels', list: 'get-labels', entry: ['labelId', 'labelName'], what: 'label', many: true },
  assignee: { id: 'assigneeId', list: 'get-project-members', entry: member, what: 'member' },
  distributeTo: { id: 'distribute', list: 'get-project-members', entry: member, what: 'member', many: true },
};

/**
 * The name parameter `name` stands for, if it is one. These names are the tools'
 * own: a route field of the same name would be ambiguous, so it is refused.
 */
export function nameParamOf(name: string, fields: Record<string, unknown>, where: string): NameParam | undefined {
  if (!Object.hasOwn(nameParams, name)) return undefined;
  if (name in fields) throw new Error(`${where}: the route has a field ${name}, which tools use as a name for ${nameParams[name].id}`);
  return nameParams[name];
}

/** The tool form of a name parameter: optional, a string or an array of strings. */
export function nameParamSchema(param: NameParam, text: string | undefined, fields: Record<string, unknown>, where: string): z.ZodType {
  if (!(param.id in fields)) throw new Error(`${where}: the route has no field ${param.id} for this name`);
  if (!text) throw new Error(`${where}: a name parameter needs its description`);
  return (param.many ? z.array(z.string()) : z.string()).describe(text).optional();
}

/** The route field a tool parameter goes to: a name parameter's id field, else its own name. */
export const routeFieldOf = (name: string): string => (Object.hasOwn(nameParams, name) ? nameParams[name].id : name);

import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { insightTools } from './insight-tools';
import { metadataTools } from './metadata-tools';
import { milestoneTools } from './milestone-tools';
import { planTools } from './plan-tools';
import { configurationTools } from './configuration-tools';
import { projectTools, userTools } from './project-tools';
import { runTools } from './run-tools';
import { sharedStepsTools } from './shared-steps-tools';
import { testTools } from './test-tools';
import { webhookTools } from './webhook-tools';
import type { ToolDecl, ToolSpec } from './tool-spec';
import { tools as allTools } from './tools';

// Smaller tool lists for clients with a tool cap and for cautious users:
// `casebook mcp --tools read --toolsets runs,tests`, or the same on /mcp.
// Each tool belongs to the set of the table it is written in, and what it may
// do (read, write, destroy) is said by its annotations.

export const TOOL_LEVELS = ['read', 'write', 'all'] as const;
export type ToolLevel = (typeof TOOL_LEVELS)[number];

/** The tool sets, each the tools of one table. */
const tables = {
  projects: projectTools,
  tests: testTools,
  runs: [...runTools, ...milestoneTools, ...configurationTools, ...planTools],
  insight: insightTools,
  metadata: [...metadataTools, ...sharedStepsTools],
  users: userTools,
  webhooks: webhookTools,
} satisfies Record<string, ToolDecl[]>;

export type Toolset = keyof typeof tables;
export const TOOLSETS = Object.keys(tables) as Toolset[];
/** Sets offered only when named (`--toolsets webhooks`): few assistants need them, and clients cap how many tools they take. */
export const OPT_IN_TOOLSETS: readonly Toolset[] = ['webhooks'];
/** The sets offered when none are named. */
export const DEFAULT_TOOLSETS = TOOLSETS.filter((set) => !OPT_IN_TOOLSETS.includes(set));

/** The set each tool belongs to, by tool name. */
export const toolsetOf: ReadonlyMap<string, Toolset> = new Map(
  TOOLSETS.flatMap((set) => tables[set].map((decl): [string, Toolset] => [decl.name, set])),
);

export interface ToolSelection {
  /** read: only tools that change nothing; write: also those that create and change, none that delete; all (default). */
  tools?: ToolLevel;
  /** Only the tools of these sets (default: every set but the opt-in ones, OPT_IN_TOOLSETS). */
  toolsets?: string[];
}

/** A selection naming a level or a set that does not exist. */
export class ToolSelectionError extends Error {}

// Writes that remove data although their method is not DELETE.
const destroys = new Set(['run-reset', 'run-remove-tests']);
// Calls whose repetition changes nothing more, or adds a record each time, against what their method suggests.
const repeatsSafely = new Set(['add-labels', 'add-squads']);
const repeatsAdd = new Set(['run-update-test-status', 'run-reset']);

/**
 * What a tool may do, for clients that ask before a risky call. A GET changes
 * nothing. Destructive: it deletes, or takes results or tests away (run-reset sets
 * every result back to retest, run-remove-tests takes tests out of a run); edits
 * of fields are not. Idempotent: the same call again changes nothing more — every
 * PUT and DELETE but run-update-test-status and run-reset (each call adds history
 * or an audit entry), and add-labels/add-squads, which return an existing name.
 */
export function annotationsOf(spec: Pick<ToolSpec, 'name' | 'method'>): ToolAnnotations {
  const readOnly = spec.method === 'GET';
  return {
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && (spec.method === 'DELETE' || destroys.has(spec.name)),
    idempotentHint: readOnly || repeatsSafely.has(spec.name) || (spec.method !== 'POST' && !repeatsAdd.has(spec.name)),
    openWorldHint: false,
  };
}

/** Names the annotation exceptions above use, so a renamed tool cannot leave one behind unnoticed. */
export const annotationExceptions = [...destroys, ...repeatsSafely, ...repeatsAdd];

/**
 * The tools a selection offers, in the table's order. `read` keeps the read-only
 * tools, `write` drops the destructive ones, `all` keeps every tool; toolsets keep
 * the tools of the sets named. An unknown level or set is an error that names the valid ones.
 */
export function selectTools(selection: ToolSelection = {}, from: ToolSpec[] = allTools): ToolSpec[] {
  const level = selection.tools ?? 'all';
  if (!(TOOL_LEVELS as readonly string[]).includes(level)) {
    throw new ToolSelectionError(`Unknown tools level "${String(level)}"; use one of ${TOOL_LEVELS.join(', ')}`);
  }
  const sets = selection.toolsets?.map((s) => s.trim()).filter(Boolean);
  const unknown = sets?.filter((s) => !(TOOLSETS as string[]).includes(s)) ?? [];
  if (unknown.length) {
    throw new ToolSelectionError(
      `Unknown toolset${unknown.length > 1 ? 's' : ''} ${unknown.map((s) => `"${s}"`).join(', ')}; use any of ${TOOLSETS.join(', ')}`,
    );
  }
  return from.filter((spec) => {
    const hints = annotationsOf(spec);
    if (level === 'read' && !hints.readOnlyHint) return false;
    if (level === 'write' && hints.destructiveHint) return false;
    const set = toolsetOf.get(spec.name) ?? '';
    return sets?.length ? sets.includes(set) : (DEFAULT_TOOLSETS as string[]).includes(set);
  });
}

/** A selection from text: a level and a comma-separated list of sets (a command line, a query string, a header). */
export function parseToolSelection(tools: string | undefined, toolsets: string | undefined): ToolSelection {
  const level = tools?.trim();
  if (level && !(TOOL_LEVELS as readonly string[]).includes(level)) {
    throw new ToolSelectionError(`Unknown tools level "${level}"; use one of ${TOOL_LEVELS.join(', ')}`);
  }
  const sets = toolsets
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const selection: ToolSelection = { ...(level ? { tools: level as ToolLevel } : {}), ...(sets?.length ? { toolsets: sets } : {}) };
  selectTools(selection); // unknown sets fail here, with the valid ones named
  return selection;
}

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

// Which tools a session offers. With no set named, the core set: the few tools
// that answer the common questions, small enough for clients that cap their tool
// list (Cursor takes 40) and cheap to send on every session. Every tool also
// belongs to the set of the table it is written in, and naming sets offers
// exactly their tools (`--toolsets core,webhooks`, `--toolsets all`); the older
// tools the core ones merge stay in their sets under their names. What a tool
// may do (read, write, destroy) is said by its annotations.

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

/**
 * The core set, offered when no set is named: finding projects, tests and runs (the ids of
 * everything else are in get-project-context), a run's results, stability, comparison and
 * the dashboard, writing tests, runs and results, imports, a milestone's or a plan's
 * progress and your work (who did what: get-project-activity). At most 30 tools, in this order.
 */
export const CORE_TOOLS = [
  'get-orgs-list',
  'get-projects',
  'get-project-context',
  'get-project-dashboard',
  'get-tests',
  'get-test-details',
  'bulk-add-tests',
  'bulk-update-tests',
  'add-section',
  'get-runs',
  'get-run',
  'get-run-tests',
  'create-run',
  'run-update-test-status',
  'run-lock',
  'import-junit',
  'get-test-stability',
  'get-run-comparison',
  'get-milestone-progress',
  'get-my-work',
  'get-project-activity',
] as const;

export type Toolset = keyof typeof tables;
/** The sets a tool is written in; each tool is in exactly one. */
export const TABLE_SETS = Object.keys(tables) as Toolset[];
/** The names a selection may give: the core set, the table sets, and all (every tool). */
export const TOOLSETS = ['core', ...TABLE_SETS, 'all'] as const;

/** The set each tool belongs to, by tool name. */
export const toolsetOf: ReadonlyMap<string, Toolset> = new Map(
  TABLE_SETS.flatMap((set) => tables[set].map((decl): [string, Toolset] => [decl.name, set])),
);

export interface ToolSelection {
  /** read: only tools that change nothing; write: also those that create and change, none that delete; all (default). */
  tools?: ToolLevel;
  /** Only the tools of these sets (default: core); `core` and `all` may be among them. */
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
  // The other two hints mean something only for a tool that changes things (MCP spec).
  if (readOnly) return { readOnlyHint: true, openWorldHint: false };
  return {
    readOnlyHint: false,
    destructiveHint: spec.method === 'DELETE' || destroys.has(spec.name),
    idempotentHint: repeatsSafely.has(spec.name) || (spec.method !== 'POST' && !repeatsAdd.has(spec.name)),
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
  const unknown = sets?.filter((s) => !(TOOLSETS as readonly string[]).includes(s)) ?? [];
  if (unknown.length) {
    throw new ToolSelectionError(
      `Unknown toolset${unknown.length > 1 ? 's' : ''} ${unknown.map((s) => `"${s}"`).join(', ')}; use any of ${TOOLSETS.join(', ')}`,
    );
  }
  const named = sets?.length ? sets : ['core'];
  const core = new Set<string>(named.includes('core') ? CORE_TOOLS : []);
  const offered = (spec: ToolSpec) => named.includes('all') || core.has(spec.name) || named.includes(toolsetOf.get(spec.name) ?? '');
  const picked = from.filter((spec) => {
    const hints = annotationsOf(spec);
    if (level === 'read' && !hints.readOnlyHint) return false;
    if (level === 'write' && hints.destructiveHint) return false;
    return offered(spec);
  });
  // The core set alone in its own order (the common questions first); sets in the table's order.
  return named.length === 1 && named[0] === 'core' ? CORE_TOOLS.flatMap((name) => picked.filter((spec) => spec.name === name)) : picked;
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

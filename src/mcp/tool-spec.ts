import type { AnyRoute } from '../core/route';
import { z } from '../core/zod-messages';
import { nameParams } from './name-params';
import type { ParamDoc, ParamDocs } from './route-input';

// The tool table's vocabulary: what a row declares (a name, the route it calls,
// words for assistants) and the parameter descriptions rows share. Types, bounds,
// required fields, method, path, role and paging are the route's (src/mcp/tools.ts).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One row of the tool table, as written. */
export interface ToolDecl {
  name: string;
  /** What it does and when to use it; the role it needs (RBAC policy) and the example are appended. */
  description: string;
  /** The route it calls, as `METHOD /path` of the route table (path under /api/v1). */
  route: `${HttpMethod} /${string}`;
  /** The parameters it offers, in the order shown, with the tool's descriptions. */
  params: ParamDocs;
  /** A valid input, shown in the description and checked against the input schema by the tests. */
  example: Record<string, unknown>;
  /** Tool parameter name → REST field name, applied at every depth (e.g. testName → title in tests[]). */
  rename?: Record<string, string>;
  /** The parameter (a string, described in params) sent as the route's raw body, e.g. a JUnit XML file. */
  rawBody?: string;
  /**
   * A parameter (described in params) that carries the raw body gzipped and base64-encoded instead,
   * sent as the gzip bytes with Content-Encoding: gzip: a body up to the route's limit then fits in
   * one MCP message. A call gives this or `rawBody`, one of them.
   */
  rawBodyGzip?: string;
  /**
   * The route takes a multipart body: the tool sends one file, named by the `name` parameter, its
   * content given as text (`text`) or base64 (`base64`), one of them (all described in params).
   */
  file?: { name: string; text: string; base64: string };
  /**
   * Values the tool sends for parameters the call leaves out, where the REST default would make
   * too long an answer for an assistant (e.g. fewer rows a page); the params' words name them.
   */
  defaults?: Record<string, unknown>;
}

/** A row resolved against its route: what the server, the README table and the tests read. */
export interface ToolSpec {
  name: string;
  description: string;
  example: Record<string, unknown>;
  /** zod shape of the input; `.optional()`/`.default()` mark what is not required. */
  input: z.ZodRawShape;
  route: AnyRoute;
  method: HttpMethod;
  /** REST path under /api/v1. */
  path: string;
  rename?: Record<string, string>;
  /** Casbin resource and action of the route: the 403 tip names the least role allowed. */
  rbac: { resource: string; action: string };
  /**
   * The answer carries a page of a longer list: the result gains `hasMore`. `local`: REST answers the whole list,
   * the tool pages it. `headers`: REST answers a page as a bare array, the list's total and next cursor in headers.
   */
  paged?: 'limit-offset' | 'page' | 'local' | 'headers';
  /** The answer is a file (JSON, CSV, HTML or PDF), not an envelope. */
  download?: boolean;
  /** Where each parameter goes: the query string, the JSON body, or the raw body (as text, or gzip+base64). */
  placement: Record<string, 'query' | 'body' | 'raw' | 'rawGzip' | 'file' | 'fieldFilters'>;
  /** The raw-body parameter and the content type it is sent with (the route's first); `gzipParam` its gzip+base64 twin. */
  rawBody?: { param: string; contentType: string; gzipParam?: string };
  /** The file a multipart route takes: its part's name and the parameters that give it. */
  file?: { part: string; name: string; text: string; base64: string };
  /** Values sent for parameters the call leaves out (ToolDecl.defaults). */
  defaults?: Record<string, unknown>;
}

/** Declares a tool; a function only so the table reads as a list of calls. */
export const tool = (decl: ToolDecl): ToolDecl => decl;

// Where each kind of id comes from, and how pages go on, in the words the tools share.
// The server's instructions say these once a session (src/mcp/instructions.ts), so the
// list the client reads sends them once, not with every parameter (tool-schemas.ts).
export const projectId = 'Project id or name (get-projects)';
export const testId = 'Test id (get-tests)';
export const runId = 'Run id, name or "latest" (get-runs)';
export const orgId = 'Organization id (get-orgs-list)';

export const limit = 'Rows a page (default 50)';
export const offset = 'Rows to skip: nextOffset of the previous page';
export const cursor = 'nextCursor of the previous page';

/**
 * A name parameter's words: the entry's name instead of its id, resolved in the
 * call's project (src/mcp/name-resolution.ts).
 */
export const byName = (what: string, id: string, example: string) => `${what} by name, e.g. "${example}" (for ${id})`;

/** The catalog tools' filter by custom field values (src/mcp/field-filter-param.ts). */
export const customFieldFilters =
  'Only tests with these custom field values by key, all matching: { "component": "Checkout" }, { "points": { "gte": 3, "lte": 8 } }';

/** Fields of a test that create-test, update-test and the bulk tools share. */
export const testFields = {
  testDescription: 'What the test checks',
  sectionId: 'Section id or path "A > B" (get-project-context)',
  priorityId: 'Priority id or name (get-project-context)',
  priority: byName('Priority', 'priorityId', 'High'),
  typeId: 'Test type id (get-project-context)',
  type: byName('Test type', 'typeId', 'Functional'),
  automationStatusId: 'Automation status id (get-project-context)',
  automationStatus: byName('Automation status', 'automationStatusId', 'Automated'),
  platformId: 'Platform id (get-project-context)',
  platform: byName('Platform', 'platformId', 'Web'),
  testCoveredById: 'Coverage id: Manual, Unit, E2E... (get-project-context)',
  testCoveredBy: byName('Coverage', 'testCoveredById', 'E2E'),
  squadId: 'Squad id or name (get-project-context)',
  squad: byName('Squad', 'squadId', 'Team Checkout'),
  labels: 'Label ids or names, at most 100 (get-project-context)',
  labelNames: 'Label names instead of labels',
  preconditions: 'State needed before the steps',
  steps: 'The steps to perform',
  expectedResult: 'What a pass looks like',
  automationKey: 'Id of the test in automation, e.g. "LoginTest.validPassword" (JUnit classname.name); unique in the project',
  customFields: 'Custom field values by key (get-project-context), e.g. { "component": "Checkout" }; null clears one, keys left out stay',
} satisfies ParamDocs;

/** A field an update may clear with null (its type says null; the tool's description, what null does). */
const clearable = (text: string): ParamDoc => ({ text, orNull: text });

/** The same fields for an update: null clears a field, a field left out stays; labels replace the test's labels. */
export const testFieldChanges: ParamDocs = Object.fromEntries(
  Object.entries(testFields).map(([name, text]) => [
    name,
    name === 'labels' || name === 'customFields' || name in nameParams ? text : clearable(text),
  ]),
);

/**
 * The words of every list tool's `fields`: said once a session by the instructions (src/mcp/instructions.ts),
 * not with each tool (tool-spec.ts SAID_ONCE), so they are the same for a tool with or without a compact view.
 */
export const ROW_FIELDS =
  'Row fields to answer with (default: the compact view of a tool that has one, its texts cut, else all; ["*"]: all, whole)';

/** The shared words a listed parameter leaves to the instructions. */
export const SAID_ONCE: ReadonlySet<string> = new Set([projectId, testId, runId, orgId, limit, offset, cursor, ROW_FIELDS]);

export { z };
export type { ParamDoc, ParamDocs };

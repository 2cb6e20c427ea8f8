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

// Where each kind of id comes from, in the words the tools share.
export const projectId = 'Project id or name (get-projects lists the projects of an organization)';
export const testId = 'Test id (get-tests lists the tests of a project)';
export const runId = 'Run id, name or "latest" (get-runs lists the runs of a project)';
export const orgId = 'Organization id (get-orgs-list lists yours)';

export const limit = 'Page size, 1 to 1000 (default 50)';
export const offset = 'Entries to skip (default 0); use the nextOffset of the previous page';
export const cursor = 'Where the page starts: the nextCursor of the previous page (offset, if given, skips entries after it)';

/**
 * A name parameter's words: the entry's name instead of its id, resolved in the
 * call's project (src/mcp/name-resolution.ts).
 */
export const byName = (what: string, id: string, example: string) =>
  `${what} by name, e.g. "${example}", instead of ${id} (matched ignoring case in the project)`;

/** The catalog tools' filter by custom field values (src/mcp/field-filter-param.ts). */
export const customFieldFilters =
  'Only tests with these custom field values, by key (get-custom-fields, appliesTo test): { "component": "Checkout" } is equal ' +
  '(a multiselect field: holds that option; a checkbox field: true or false), { "story_points": { "gte": 3, "lte": 8 } } is a range ' +
  'for number and date ("2027-01-31") fields, either bound alone; several keys must all match. An unknown key or a bad value is refused';

/** Fields of a test that create-test, update-test and the bulk tools share. */
export const testFields = {
  testDescription: 'What the test checks',
  sectionId: 'Section (suite) id or path ("Checkout > Payments"), from get-sections',
  priorityId: 'Priority id or name, from get-priority',
  priority: byName('Priority', 'priorityId', 'High'),
  typeId: 'Test type id, from get-type',
  type: byName('Test type', 'typeId', 'Functional'),
  automationStatusId: 'Automation status id, from get-automation-status',
  automationStatus: byName('Automation status', 'automationStatusId', 'Automated'),
  platformId: 'Platform id, from get-platforms',
  platform: byName('Platform', 'platformId', 'Web'),
  testCoveredById: 'Coverage id (Manual, Unit, E2E...), from get-test-covered-by',
  testCoveredBy: byName('Coverage', 'testCoveredById', 'E2E'),
  squadId: 'Squad id or name, from get-squads',
  squad: byName('Squad', 'squadId', 'Team Checkout'),
  labels: 'Label ids or names (array, at most 100), from get-labels',
  labelNames: 'Label names instead of labels (array of strings, matched ignoring case in the project)',
  preconditions: 'State needed before the steps',
  steps: 'The steps to perform',
  expectedResult: 'What a pass looks like',
  automationKey:
    'Id of the test in automation, e.g. "LoginTest.validPassword" (JUnit classname.name); unique in the project, at most 1000 characters',
  customFields:
    'Values of the project\'s test fields by key (get-custom-fields, appliesTo test), e.g. { "component": "Checkout", "story_points": 3 }; null clears one, keys left out stay',
} satisfies ParamDocs;

/** A field an update may clear with null. */
const clearable = (text: string): ParamDoc => ({ text, orNull: `${text}; null clears it` });

/** The same fields for an update: null clears a field, a field left out stays; labels replace the test's labels. */
export const testFieldChanges: ParamDocs = Object.fromEntries(
  Object.entries(testFields).map(([name, text]) => [
    name,
    name === 'labels' || name === 'customFields' || name in nameParams ? text : clearable(text),
  ]),
);

export { z };
export type { ParamDoc, ParamDocs };

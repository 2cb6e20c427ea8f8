import type { Rbac } from '../auth/rbac';
import { jsonBodyOf, multipartBodyOf, rawBodyOf, type AnyRoute } from '../core/route';
import { apiRoutes } from '../domain/routes';
import type { Role } from '../generated/prisma/client';
import { pagedLocally } from './answer-budget';
import { FIELD_FILTERS_PARAM, fieldFiltersInput, takesFieldFilters } from './field-filter-param';
import { insightTools } from './insight-tools';
import { metadataTools } from './metadata-tools';
import { milestoneTools } from './milestone-tools';
import { planTools } from './plan-tools';
import { withFields } from './projection';
import { configurationTools } from './configuration-tools';
import { routeFieldOf } from './name-params';
import { projectTools, userTools } from './project-tools';
import { toolShape } from './route-input';
import { runTools } from './run-tools';
import { sharedStepsTools } from './shared-steps-tools';
import { testTools } from './test-tools';
import { webhookTools } from './webhook-tools';
import { z, type HttpMethod, type ToolDecl, type ToolSpec } from './tool-spec';

/**
 * The table of tools: one row per tool of the service description, resolved
 * against the route it calls. It drives the MCP registration, the HTTP call of
 * every tool, the README table and the tests.
 */
export const tools: ToolSpec[] = [
  ...projectTools,
  ...testTools,
  ...runTools,
  ...milestoneTools,
  ...planTools,
  ...configurationTools,
  ...insightTools,
  ...metadataTools,
  ...sharedStepsTools,
  ...userTools,
  ...webhookTools,
].map((decl) => withFields(pagedLocally(resolve(decl))));

export const toolsByName = new Map(tools.map((t) => [t.name, t]));

/** A row with what its route says: method, path, RBAC pair, input types, paging, download. */
export function resolve(decl: ToolDecl): ToolSpec {
  const [method, path] = decl.route.split(' ') as [HttpMethod, string];
  const route = apiRoutes.find((r) => r.method === method.toLowerCase() && r.path === path);
  if (!route) throw new Error(`tool ${decl.name}: no route ${decl.route}`);
  // A tool call answers once; a stream of events never ends (the run's tools read its state instead).
  if (route.events) throw new Error(`tool ${decl.name}: ${decl.route} is a stream of events, not a tool`);
  const rename = decl.rename ?? {};
  const fileParams = decl.file ? [decl.file.name, decl.file.text, decl.file.base64] : [];
  const { [decl.rawBody ?? '']: raw, [decl.rawBodyGzip ?? '']: rawGzip, ...rest } = decl.params;
  const params = Object.fromEntries(Object.entries(rest).filter(([name]) => !fileParams.includes(name)));

  const input: Record<string, z.ZodType> = {};
  const placement: ToolSpec['placement'] = {};
  // The catalog's cf.<key> filters, as one object (src/mcp/field-filter-param.ts).
  if (takesFieldFilters(route) && FIELD_FILTERS_PARAM in params) {
    const doc = params[FIELD_FILTERS_PARAM];
    if (typeof doc !== 'string') throw new Error(`tool ${decl.name}: describe ${FIELD_FILTERS_PARAM} in words`);
    input[FIELD_FILTERS_PARAM] = fieldFiltersInput(doc);
    placement[FIELD_FILTERS_PARAM] = 'fieldFilters';
    delete params[FIELD_FILTERS_PARAM];
  }
  for (const at of ['query', 'body'] as const) {
    const schema = at === 'body' ? jsonBodyOf(route) : (route.query as z.ZodType | undefined);
    if (!schema || (at === 'body' && decl.rawBody)) continue;
    const mine = Object.fromEntries(Object.entries(params).filter(([name]) => fieldOf(schema, rename[name] ?? routeFieldOf(name))));
    Object.assign(input, toolShape(schema, mine, rename, at, `tool ${decl.name}`));
    for (const name of Object.keys(mine)) placement[name] = at;
  }
  let file: ToolSpec['file'];
  if (decl.file) {
    const part = Object.keys(multipartBodyOf(route)?.files ?? {})[0];
    if (!part) throw new Error(`tool ${decl.name}: ${decl.route} takes no multipart body`);
    const about = (name: string) => {
      const text = decl.params[name];
      if (typeof text !== 'string') throw new Error(`tool ${decl.name}: describe ${name} among its params`);
      return text;
    };
    input[decl.file.name] = z.string().min(1).max(255).describe(about(decl.file.name));
    input[decl.file.text] = z.string().optional().describe(about(decl.file.text));
    input[decl.file.base64] = z.string().optional().describe(about(decl.file.base64));
    for (const name of fileParams) placement[name] = 'file';
    file = { part, ...decl.file };
  }
  let rawBody: ToolSpec['rawBody'];
  if (decl.rawBody) {
    const contentType = rawBodyOf(route)?.types[0];
    if (!contentType) throw new Error(`tool ${decl.name}: ${decl.route} takes no raw body`);
    if (typeof raw !== 'string') throw new Error(`tool ${decl.name}: describe the raw body ${decl.rawBody} among its params`);
    input[decl.rawBody] = z.string().describe(raw);
    placement[decl.rawBody] = 'raw';
    rawBody = { param: decl.rawBody, contentType };
    if (decl.rawBodyGzip) {
      if (typeof rawGzip !== 'string') throw new Error(`tool ${decl.name}: describe ${decl.rawBodyGzip} among its params`);
      // One of the two is required: inputSchema checks that.
      input[decl.rawBody] = input[decl.rawBody].optional();
      input[decl.rawBodyGzip] = z.string().optional().describe(rawGzip);
      placement[decl.rawBodyGzip] = 'rawGzip';
      rawBody.gzipParam = decl.rawBodyGzip;
    }
  }
  const unplaced = Object.keys(decl.params).filter((name) => !placement[name]);
  if (unplaced.length) throw new Error(`tool ${decl.name}: ${decl.route} has no field ${unplaced.join(', ')}`);
  const undeclared = Object.keys(decl.defaults ?? {}).filter((name) => !(name in decl.params));
  if (undeclared.length) throw new Error(`tool ${decl.name}: defaults for parameters it does not offer: ${undeclared.join(', ')}`);

  return {
    name: decl.name,
    description: decl.description,
    example: decl.example,
    // The parameters in the order the row lists them, wherever they go.
    input: Object.fromEntries(Object.keys(decl.params).map((name) => [name, input[name]])),
    route,
    method,
    path,
    ...(decl.rename ? { rename: decl.rename } : {}),
    rbac: { resource: route.resource, action: route.action },
    ...pagingOf(route),
    ...(route.download ? { download: true } : {}),
    placement,
    ...(rawBody ? { rawBody } : {}),
    ...(file ? { file } : {}),
    ...(decl.defaults ? { defaults: decl.defaults } : {}),
  };
}

function fieldOf(schema: z.ZodType, field: string): boolean {
  return schema instanceof z.ZodObject && field in schema.shape;
}

/**
 * A list paged by limit/offset or by page/pageSize, as its query says and its answer's total
 * confirms (a record that pages a part of itself, as a plan its matrix, is no list); a page
 * answered as an array has its total in headers.
 */
function pagingOf(route: AnyRoute): Pick<ToolSpec, 'paged'> {
  if (route.pageMeta) return { paged: 'headers' };
  const query = route.query as z.ZodType | undefined;
  if (!(query instanceof z.ZodObject)) return {};
  const keys = Object.keys(query.shape);
  const listed = !(route.response instanceof z.ZodObject) || 'total' in route.response.shape;
  if (keys.includes('limit') && keys.includes('offset') && listed) return { paged: 'limit-offset' };
  if (keys.includes('page') && keys.includes('pageSize')) return { paged: 'page' };
  return {};
}

/**
 * Unknown parameters are refused by name rather than dropped, so a misspelt one is noticed.
 * A raw body given as text or gzip+base64 is required once, and the latter must be gzip data.
 */
/** The most bytes a file given to a tool may have (it travels inside one MCP message). */
export const TOOL_FILE_BYTES = 5 * 1024 * 1024;

export function inputSchema(spec: ToolSpec) {
  const schema = z.strictObject(spec.input);
  const file = spec.file;
  if (file) {
    return schema.superRefine((args, ctx) => {
      const text = args[file.text];
      const packed = args[file.base64];
      if (text !== undefined && packed !== undefined)
        ctx.addIssue({ code: 'custom', path: [file.base64], message: `Give ${file.text} or ${file.base64}, not both` });
      else if (text === undefined && packed === undefined)
        ctx.addIssue({ code: 'custom', path: [file.text], message: `Required, or ${file.base64}` });
      else if (typeof packed === 'string' && (packed.replace(/\s+/g, '').length % 4 === 1 || !BASE64.test(packed.replace(/\s+/g, ''))))
        ctx.addIssue({ code: 'custom', path: [file.base64], message: 'Not base64' });
      else if (fileBytes(args, spec).length > TOOL_FILE_BYTES)
        ctx.addIssue({
          code: 'custom',
          path: [text === undefined ? file.base64 : file.text],
          message: `At most ${TOOL_FILE_BYTES / 1024 / 1024} MB`,
        });
    });
  }
  const raw = spec.rawBody;
  const gzip = raw?.gzipParam;
  if (!raw || !gzip) return schema;
  return schema.superRefine((args, ctx) => {
    const text = args[raw.param];
    const packed = args[gzip];
    if (text !== undefined && packed !== undefined) {
      ctx.addIssue({ code: 'custom', path: [gzip], message: `Give ${raw.param} or ${gzip}, not both` });
    } else if (text === undefined && packed === undefined) {
      ctx.addIssue({ code: 'custom', path: [raw.param], message: 'Required' });
    } else if (typeof packed === 'string') {
      const fault = gzipBase64Fault(packed);
      if (fault) ctx.addIssue({ code: 'custom', path: [gzip], message: fault });
    }
  });
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of the file a call gives (its text as UTF-8, or its base64 decoded). */
export function fileBytes(args: Record<string, unknown>, spec: ToolSpec): Buffer {
  const text = spec.file ? args[spec.file.text] : undefined;
  if (typeof text === 'string') return Buffer.from(text, 'utf8');
  const packed = spec.file ? args[spec.file.base64] : undefined;
  return Buffer.from(typeof packed === 'string' ? packed.replace(/\s+/g, '') : '', 'base64');
}

/** Why `text` is not base64 of gzip data, or undefined when it is (its first bytes are gzip's magic number). */
export function gzipBase64Fault(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 === 1 || !BASE64.test(compact)) return 'Not base64';
  const head = Buffer.from(compact.slice(0, 8), 'base64');
  if (head.length < 2 || head[0] !== 0x1f || head[1] !== 0x8b) return 'Not gzip data (gzip the report, then base64-encode it)';
  return undefined;
}

/** The roles, each allowed what the one before it is (src/auth/rbac-policy.csv). */
const roles: Role[] = ['Reader', 'User', 'Admin'];

/** The least role the RBAC policy allows on (resource, action); undefined when none is. */
export const leastRole = (rbac: Rbac, resource: string, action: string): Role | undefined =>
  roles.find((role) => rbac.can(role, resource, action));

/**
 * The description a client shows: what, when, who may call it, and a call that works
 * where the call's shape is more than named values (an array or an object in it):
 * the input schema says the rest. `least` is the least role the RBAC policy allows on
 * the route's (resource, action); a tool every role may call says nothing of roles.
 */
export function fullDescription(spec: ToolSpec, least: string | undefined): string {
  if (!least) throw new Error(`tool ${spec.name}: no role may ${spec.rbac.resource}:${spec.rbac.action}`);
  const role = least === roles[0] ? '' : ` Needs the ${least} role.`;
  return `${spec.description}${role}${showsExample(spec) ? `\n\nExample: ${JSON.stringify(spec.example)}` : ''}`;
}

/** The example is shown when it holds an array or an object: a shape words and types leave open. */
export const showsExample = (spec: Pick<ToolSpec, 'example'>) =>
  Object.values(spec.example).some((value) => value !== null && typeof value === 'object');

/** Parameter names a call must carry. */
export function requiredParams(spec: ToolSpec): string[] {
  return Object.entries(spec.input)
    .filter(([, schema]) => !z.safeParse(schema, undefined).success)
    .map(([name]) => name);
}

export type { ToolSpec };

import type { Rbac } from '../auth/rbac';
import type { AnyRoute } from '../core/route';
import { apiRoutes } from '../domain/routes';
import type { Role } from '../generated/prisma/client';
import { pagedLocally } from './answer-budget';
import { metadataTools } from './metadata-tools';
import { routeFieldOf } from './name-params';
import { projectTools, userTools } from './project-tools';
import { toolShape } from './route-input';
import { runTools } from './run-tools';
import { testTools } from './test-tools';
import { z, type HttpMethod, type ToolDecl, type ToolSpec } from './tool-spec';

/**
 * The table of tools: one row per tool of the service description, resolved
 * against the route it calls. It drives the MCP registration, the HTTP call of
 * every tool, the README table and the tests.
 */
export const tools: ToolSpec[] = [...projectTools, ...testTools, ...runTools, ...metadataTools, ...userTools].map((decl) =>
  pagedLocally(resolve(decl)),
);

export const toolsByName = new Map(tools.map((t) => [t.name, t]));

/** A row with what its route says: method, path, RBAC pair, input types, paging, download. */
export function resolve(decl: ToolDecl): ToolSpec {
  const [method, path] = decl.route.split(' ') as [HttpMethod, string];
  const route = apiRoutes.find((r) => r.method === method.toLowerCase() && r.path === path);
  if (!route) throw new Error(`tool ${decl.name}: no route ${decl.route}`);
  const rename = decl.rename ?? {};
  const { [decl.rawBody ?? '']: raw, ...params } = decl.params;

  const input: Record<string, z.ZodType> = {};
  const placement: ToolSpec['placement'] = {};
  for (const at of ['query', 'body'] as const) {
    const schema = route[at] as z.ZodType | undefined;
    if (!schema || (at === 'body' && decl.rawBody)) continue;
    const mine = Object.fromEntries(Object.entries(params).filter(([name]) => fieldOf(schema, rename[name] ?? routeFieldOf(name))));
    Object.assign(input, toolShape(schema, mine, rename, at, `tool ${decl.name}`));
    for (const name of Object.keys(mine)) placement[name] = at;
  }
  let rawBody: ToolSpec['rawBody'];
  if (decl.rawBody) {
    const contentType = route.rawBody?.types[0];
    if (!contentType) throw new Error(`tool ${decl.name}: ${decl.route} takes no raw body`);
    if (typeof raw !== 'string') throw new Error(`tool ${decl.name}: describe the raw body ${decl.rawBody} among its params`);
    input[decl.rawBody] = z.string().describe(raw);
    placement[decl.rawBody] = 'raw';
    rawBody = { param: decl.rawBody, contentType };
  }
  const unplaced = Object.keys(decl.params).filter((name) => !placement[name]);
  if (unplaced.length) throw new Error(`tool ${decl.name}: ${decl.route} has no field ${unplaced.join(', ')}`);

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
  };
}

function fieldOf(schema: z.ZodType, field: string): boolean {
  return schema instanceof z.ZodObject && field in schema.shape;
}

/** A list paged by limit/offset or by page/pageSize, as its query says; a page answered as an array has its total in headers. */
function pagingOf(route: AnyRoute): Pick<ToolSpec, 'paged'> {
  if (route.pageMeta) return { paged: 'headers' };
  const query = route.query as z.ZodType | undefined;
  if (!(query instanceof z.ZodObject)) return {};
  const keys = Object.keys(query.shape);
  if (keys.includes('limit') && keys.includes('offset')) return { paged: 'limit-offset' };
  if (keys.includes('page') && keys.includes('pageSize')) return { paged: 'page' };
  return {};
}

/** Unknown parameters are refused by name rather than dropped, so a misspelt one is noticed. */
export function inputSchema(spec: ToolSpec) {
  return z.strictObject(spec.input);
}

/** The roles, each allowed what the one before it is (src/auth/rbac-policy.csv). */
const roles: Role[] = ['Reader', 'User', 'Admin'];

/** The least role the RBAC policy allows on (resource, action); undefined when none is. */
export const leastRole = (rbac: Rbac, resource: string, action: string): Role | undefined =>
  roles.find((role) => rbac.can(role, resource, action));

/**
 * The description a client shows: what, when, who may call it, and a call that works.
 * `least` is the least role the RBAC policy allows on the route's (resource, action);
 * a tool every role may call says nothing of roles.
 */
export function fullDescription(spec: ToolSpec, least: string | undefined): string {
  if (!least) throw new Error(`tool ${spec.name}: no role may ${spec.rbac.resource}:${spec.rbac.action}`);
  const role = least === roles[0] ? '' : ` Needs the ${least} role.`;
  return `${spec.description}${role}\n\nExample: ${JSON.stringify(spec.example)}`;
}

/** Parameter names a call must carry. */
export function requiredParams(spec: ToolSpec): string[] {
  return Object.entries(spec.input)
    .filter(([, schema]) => !z.safeParse(schema, undefined).success)
    .map(([name]) => name);
}

export type { ToolSpec };

import type { ErrorCode } from '../core/error-codes';
import type { z } from '../core/zod-messages';
import type { HttpClient, RestResponse } from './http-client';
import { FIELDS, inProjectKind, isIdOrName, KINDS, type Kind } from './id-name-fields';
import { matches, type Entry, type Resolved } from './name-resolution';
import type { ToolSpec } from './tool-spec';

// Names in the id parameters themselves: `projectId: "Web shop"`, `sectionId: "Checkout >
// Payments"`, `runId: "latest"`, `milestoneId: "Release 2.4"`, `labelIds: ["smoke"]`, `assigneeId: "ann@example.com"`. A
// numeric string is the id it spells. Names are looked up before the REST call, one GET per
// list a call needs: the project among the caller's organizations, the rest in that project.

const LOOKUP_TOOLS: Record<string, string> = {
  '/priority': 'get-priority',
  '/type': 'get-type',
  '/automation-status': 'get-automation-status',
  '/platforms': 'get-platforms',
  '/test-covered-by': 'get-test-covered-by',
};

/** A place a name may stand: the key of an argument object, with its path in messages. */
interface Site {
  obj: Record<string, unknown>;
  key: string;
  at: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The argument objects whose keys may hold names: the arguments, and the objects of their arrays. */
function sitesOf(spec: ToolSpec, args: Record<string, unknown>): Site[] {
  const sites: Site[] = [];
  const visit = (obj: Record<string, unknown>, shape: Record<string, unknown>, at: string) => {
    for (const [key, value] of Object.entries(obj)) {
      const schema = shape[key];
      if (schema === undefined) continue;
      if (Object.hasOwn(FIELDS, key) && isIdOrName(schema as z.ZodType) && hasString(value)) sites.push({ obj, key, at });
      else if (Array.isArray(value)) {
        const items = itemShape(schema);
        if (items) value.forEach((item, i) => isObject(item) && visit(item, items, `${at}${key}.${i}.`));
      }
    }
  };
  visit(args, spec.input, '');
  return sites;
}

const hasString = (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.some((x) => typeof x === 'string'));

/** The fields of the objects of an array parameter, if it is one. */
function itemShape(schema: unknown): Record<string, unknown> | undefined {
  let node = schema as { unwrap?: () => unknown; element?: unknown; shape?: Record<string, unknown> } | undefined;
  for (let depth = 0; node && depth < 6; depth++) {
    if (node.element) node = node.element;
    else if (node.shape) return node.shape;
    else if (node.unwrap) node = node.unwrap() as typeof node;
    else return undefined;
  }
  return undefined;
}

export type IdResolved = Resolved | { message: string; tip: string; code: ErrorCode };

/**
 * The arguments with the names in id fields replaced by ids: numeric strings first, then the
 * project (its name among the caller's organizations), then every other name in that project.
 */
export async function resolveIdNames(spec: ToolSpec, args: Record<string, unknown>, client: HttpClient): Promise<IdResolved> {
  if (!sitesOf(spec, args).length) return { args };
  // The caller's arguments stay as given; the names are replaced in a copy.
  const out = structuredClone(args);
  const outSites = sitesOf(spec, out);
  // Numeric strings are ids.
  const numeric = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);
  for (const { obj, key } of outSites) obj[key] = Array.isArray(obj[key]) ? (obj[key] as unknown[]).map(numeric) : numeric(obj[key]);

  const reader = new ListReader(client);
  if (typeof out.projectId === 'string') {
    const projects = await reader.projects();
    if ('refused' in projects) return projects;
    const picked = pick(projects.entries, out.projectId, 'project', 'projectId', 'in your organizations', spec);
    if ('message' in picked) return picked;
    out.projectId = picked.id;
  }
  const rest = outSites.filter(({ obj, key }) => !(obj === out && key === 'projectId') && hasString(obj[key]));
  if (!rest.length) return { args: out };
  const projectId = out.projectId;
  const needsProject = rest.find(({ key }) => inProjectKind(key));
  if (typeof projectId !== 'number' && needsProject) {
    const { key, at } = needsProject;
    return {
      message: `Invalid request: ${at}${key}: names are looked up in a project, and projectId is missing`,
      tip: `Pass projectId (an id or the project's name) with the names, or give ${key} as an id; then call ${spec.name} again.`,
      code: 'validation_failed',
    };
  }
  const where = (kind: Kind) => (kind === 'user' ? 'among the users of your organizations' : `in project ${String(projectId)}`);
  for (const { obj, key, at } of rest) {
    const field = FIELDS[key];
    const resolveOne = async (name: string): Promise<number | Exclude<IdResolved, { args: unknown }>> => {
      if (field.kind === 'run' && name.trim().toLowerCase() === 'latest') {
        const latest = await reader.latestRun(projectId as number);
        if (typeof latest !== 'number') return latest ?? noLatest(spec, projectId as number);
        return latest;
      }
      const list = await reader.entries(field, projectId as number);
      if ('refused' in list) return list;
      const picked = pick(list.entries, name, field.what ?? KINDS[field.kind].what, `${at}${key}`, where(field.kind), spec, field);
      return 'message' in picked ? picked : picked.id;
    };
    const value = obj[key];
    if (Array.isArray(value)) {
      const ids: unknown[] = [];
      for (const item of value) {
        if (typeof item !== 'string') ids.push(item);
        else {
          const id = await resolveOne(item);
          if (typeof id !== 'number') return id;
          ids.push(id);
        }
      }
      obj[key] = ids;
    } else if (typeof value === 'string') {
      const id = await resolveOne(value);
      if (typeof id !== 'number') return id;
      obj[key] = id;
    }
  }
  return { args: out };
}

const noLatest = (spec: ToolSpec, projectId: number) => ({
  message: `Run latest (in project ${projectId}) not found: the project has no runs`,
  tip: `Create one with create-run (or import-junit), then call ${spec.name} again.`,
  code: 'run_not_found' as const,
});

/** The one entry `name` names, or the failure saying it names none or several. */
function pick(
  entries: Entry[],
  name: string,
  what: string,
  param: string,
  where: string,
  spec: ToolSpec,
  field?: { kind: Kind; path?: string },
): { id: number } | { message: string; tip: string; code: ErrorCode } {
  const found = matches(entries, field?.kind === 'section' ? normalPath(name) : name.trim());
  if (found.length === 1) return { id: found[0].id };
  const kind = field?.kind ?? 'project';
  const list = field?.path ? LOOKUP_TOOLS[field.path] : KINDS[kind].list;
  if (found.length > 1) {
    const which = found.map((e) => `${label(e, kind)} (id ${e.id})`).join(', ');
    return {
      message: `Invalid request: ${param}: ${JSON.stringify(name)} names ${found.length} ${what}s ${where}: ${which}`,
      tip: `Pick one of them and pass its id as ${param.replace(/^.*\./, '')}${kind === 'member' || kind === 'user' ? ' (or the email)' : ''}; then call ${spec.name} again.`,
      code: 'ambiguous_name',
    };
  }
  const shown = entries.slice(0, 20).map((e) => label(e, kind));
  const valid = shown.length
    ? `${shown.join(', ')}${entries.length > shown.length ? `, and ${entries.length - shown.length} more` : ''}`
    : 'none';
  const article = /^[aeiou]/.test(what) ? 'an' : 'a';
  return {
    message: `${what[0].toUpperCase()}${what.slice(1)} ${JSON.stringify(name)} (${param}) not found: no ${what} of that name ${where} (valid names: ${valid})`,
    tip: `Use one of the valid names (matched ignoring case${kind === 'section' ? '; a section by its path, "Parent > Child"' : ''}), or ${article} ${what} id from ${list}; then call ${spec.name} again.`,
    code: KINDS[kind].missing,
  };
}

/** An entry in messages: a member or user with their email, a section by its path. */
const label = (e: Entry, kind?: Kind) => (e.alias === undefined || kind === 'section' ? e.name : `${e.name} <${e.alias}>`);

type Listed = { entries: Entry[] } | { refused: RestResponse };

/** The lists a call reads, each once. */
class ListReader {
  private readonly read = new Map<string, Promise<unknown>>();
  constructor(private readonly client: HttpClient) {}

  private async get(path: string, query: Record<string, unknown>): Promise<{ data: unknown } | { refused: RestResponse }> {
    const key = `${path}?${JSON.stringify(query)}`;
    if (!this.read.has(key)) {
      this.read.set(
        key,
        this.client.request({ method: 'GET', path, query }).then((res) => {
          if (res.status < 200 || res.status > 299) return { refused: res };
          return { data: (JSON.parse(res.body.toString('utf8')) as { data: unknown }).data };
        }),
      );
    }
    return this.read.get(key) as Promise<{ data: unknown } | { refused: RestResponse }>;
  }

  /** The projects of every organization of the caller. */
  async projects(): Promise<Listed> {
    const orgs = await this.get('/orgs', {});
    if ('refused' in orgs) return orgs;
    const entries: Entry[] = [];
    for (const { orgId } of orgs.data as { orgId: number }[]) {
      const page = await this.get('/projects', { orgId, pageSize: 1000 });
      if ('refused' in page) return page;
      for (const p of (page.data as { projects: { projectId: number; projectName: string }[] }).projects)
        entries.push({ id: p.projectId, name: p.projectName });
    }
    return { entries };
  }

  /** The newest run of the project; undefined when it has none. */
  async latestRun(projectId: number): Promise<number | undefined | { refused: RestResponse }> {
    const page = await this.get('/runs', { projectId, limit: 1 });
    if ('refused' in page) return page;
    return (page.data as { runs: { runId: number }[] }).runs[0]?.runId;
  }

  async entries(field: { kind: Kind; path?: string }, projectId: number): Promise<Listed> {
    if (field.kind === 'user') {
      const page = await this.get('/all-users', { limit: 1000 });
      if ('refused' in page) return page;
      const users = (page.data as { users: { userId: number; name: string; email: string }[] }).users;
      return { entries: users.map((u) => ({ id: u.userId, name: u.name, alias: u.email })) };
    }
    const listPath: Record<string, string> = {
      section: '/sections',
      run: '/runs',
      milestone: '/milestones',
      plan: '/plans',
      label: '/labels',
      squad: '/squads',
      member: '/project/members',
    };
    const path = field.path ?? listPath[field.kind];
    // Runs, milestones and plans come a page at a time, in a field of it: the first 1000 (runs: the newest);
    // a name beyond those is given by its id.
    const pageKey = ({ run: 'runs', milestone: 'milestones', plan: 'plans' } as Record<string, string>)[field.kind];
    const got = await this.get(path, pageKey ? { projectId, limit: 1000 } : { projectId });
    if ('refused' in got) return got;
    const rows = (pageKey ? (got.data as Record<string, unknown>)[pageKey] : got.data) as Record<string, unknown>[];
    if (field.kind === 'section') return { entries: sectionPaths(rows) };
    const [idKey, nameKey, aliasKey] = {
      run: ['runId', 'runName'],
      milestone: ['milestoneId', 'name'],
      plan: ['planId', 'name'],
      label: ['labelId', 'labelName'],
      squad: ['squadId', 'squadName'],
      member: ['userId', 'name', 'email'],
      lookup: ['id', 'name'],
    }[field.kind as Exclude<Kind, 'project' | 'section' | 'user'>];
    return {
      entries: rows.map((r) => ({ id: Number(r[idKey]), name: String(r[nameKey]), ...(aliasKey && { alias: String(r[aliasKey]) }) })),
    };
  }
}

/**
 * Sections named by their path from the top, `Checkout > Payments`; a path's last part alone
 * (`Payments`) names it too when no path is given so (matches() tries names before aliases).
 */
function sectionPaths(rows: Record<string, unknown>[]): Entry[] {
  const byId = new Map(rows.map((r) => [Number(r.sectionId), r]));
  const pathOf = (r: Record<string, unknown>): string => {
    const parent = r.parentSectionId === null ? undefined : byId.get(Number(r.parentSectionId));
    return parent ? `${pathOf(parent)} > ${String(r.sectionName)}` : String(r.sectionName);
  };
  return rows.map((r) => ({ id: Number(r.sectionId), name: pathOf(r), alias: String(r.sectionName) }));
}

/** A path as typed, spaced as paths are shown: `Checkout>Payments` is `Checkout > Payments`. */
export const normalPath = (name: string): string =>
  name
    .split('>')
    .map((part) => part.trim())
    .join(' > ');

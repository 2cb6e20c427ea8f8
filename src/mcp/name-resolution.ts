import type { ErrorCode } from '../core/error-codes';
import type { HttpClient, RestResponse } from './http-client';
import { nameParams, type NameParam } from './name-params';
import type { ToolSpec } from './tool-spec';

// Names where the routes take ids (`priority: "High"` besides `priorityId`, see
// src/mcp/name-params.ts), resolved in the call's project through the listing tool's
// route (one GET per list a call needs) before the REST call is made. A name matches
// an entry exactly, else by its alias (a member's email) or ignoring case; a name that
// matches several entries is refused with them, so the caller can pick one.

export type Resolved =
  /** The arguments with ids in place of the names. */
  | { args: Record<string, unknown> }
  /** A list could not be read: REST's answer, reported as the call's. */
  | { refused: RestResponse }
  /** A name that matches nothing or several entries, or a name given with its id. */
  | { message: string; tip: string; code: ErrorCode };

export type Entry = { id: number; name: string; alias?: string };

/**
 * The call's arguments with every name (at the top level, and in the items of an
 * array such as the tests of bulk-add-tests) replaced by the id it names in the
 * call's project (projectId). Lists are read once per call, whatever the item count.
 */
export async function resolveNames(
  spec: ToolSpec,
  args: Record<string, unknown>,
  client: HttpClient,
  listing: ReadonlyMap<string, ToolSpec>,
): Promise<Resolved> {
  const sites = objectsOf(args);
  const used = sites.flatMap(({ obj, at }) =>
    Object.keys(obj)
      .filter(isName)
      .map((key) => ({ key, at, obj })),
  );
  if (!used.length) return { args };

  const both = used.filter(({ key, obj }) => obj[nameParams[key].id] !== undefined);
  if (both.length) {
    const pairs = both.map(({ key, at }) => `${at}${key}: give the name or ${nameParams[key].id}, not both`);
    return {
      message: `Invalid request: ${pairs.join('; ')}`,
      tip: `Keep one of each pair (the name, or the id), then call ${spec.name} again.`,
      code: 'validation_failed',
    };
  }
  const projectId = args.projectId;
  if (typeof projectId !== 'number') {
    const ids = [...new Set(used.map(({ key }) => nameParams[key].id))];
    return {
      message: `Invalid request: ${used[0].at}${used[0].key}: names are looked up in a project, and projectId is missing`,
      tip: `Pass projectId (the project of the tests) with the names, or the ids (${ids.join(', ')}) instead.`,
      code: 'validation_failed',
    };
  }

  // One GET per list, shared by every name and item of the call.
  const lists = new Map<string, Promise<Entry[] | RestResponse>>();
  const entriesOf = (param: NameParam) => {
    if (!lists.has(param.list)) lists.set(param.list, readList(client, listing, param, projectId));
    return lists.get(param.list)!;
  };
  const ids = new Map<string, number[]>(); // `${at}${key}` → the ids its names resolve to
  // Names that match no entry (candidates: every entry) or several (candidates: those), by parameter and name.
  const unknown = new Map<string, { param: NameParam; name: string; candidates: Entry[]; ambiguous: boolean; at: string[] }>();
  for (const { key, at, obj } of used) {
    const param = nameParams[key];
    const entries = await entriesOf(param);
    if (!Array.isArray(entries)) return { refused: entries };
    const value = obj[key];
    const names = param.many ? (value as string[]) : [value as string];
    ids.set(
      `${at}${key}`,
      names.flatMap((name) => {
        const found = matches(entries, name);
        if (found.length === 1) return [found[0].id];
        const ambiguous = found.length > 1;
        const problem = unknown.get(`${key}\0${name}`) ?? { param, name, candidates: ambiguous ? found : entries, ambiguous, at: [] };
        problem.at.push(`${at}${key}`);
        unknown.set(`${key}\0${name}`, problem);
        return [];
      }),
    );
  }
  if (unknown.size) {
    const problems = [...unknown.values()];
    const message = problems
      .map(({ param, name, candidates, ambiguous, at }) => {
        const where = at.length > 3 ? `${at.slice(0, 3).join(', ')} and ${at.length - 3} more` : at.join(', ');
        if (ambiguous) {
          const which = candidates.map((e) => `${described(e)} (${param.entry[0]} ${e.id})`).join(', ');
          return `${where}: ${JSON.stringify(name)} names ${candidates.length} ${param.what}s in project ${projectId}: ${which}`;
        }
        const valid = candidates.length ? candidates.map(described).join(', ') : 'none';
        return `${where}: no ${param.what} named ${JSON.stringify(name)} in project ${projectId} (valid names: ${valid})`;
      })
      .join('; ');
    const first = problems[0].param;
    const picked = problems.find((p) => p.ambiguous)?.param;
    return {
      message: `Invalid request: ${message}`,
      tip: picked
        ? `Pick one: give its ${picked.entry[2] ?? 'exact name'} instead of the name, or pass ${picked.id}; then call ${spec.name} again.`
        : `Use one of the valid names (matched ignoring case; ${first.list} lists them with their ids), or pass ${first.id} instead.`,
      code: picked ? 'ambiguous_name' : (MISSING[first.list] ?? 'lookup_not_found'),
    };
  }

  /** An object of the arguments with its names replaced by their ids, keys in place. */
  const withIds = (obj: Record<string, unknown>, at: string) =>
    Object.fromEntries(
      Object.entries(obj).map(([key, value]) => {
        if (!isName(key)) return [key, value];
        const found = ids.get(`${at}${key}`)!;
        return [nameParams[key].id, nameParams[key].many ? found : found[0]];
      }),
    );
  return {
    args: Object.fromEntries(
      Object.entries(withIds(args, '')).map(([key, value]) => [
        key,
        Array.isArray(value) ? value.map((item: unknown, i) => (isObject(item) ? withIds(item, `${key}.${i}.`) : item)) : value,
      ]),
    ),
  };
}

/** The code of a name that names nothing, by the list it was looked up in (the lookup lists: lookup_not_found). */
const MISSING: Record<string, ErrorCode> = {
  'get-squads': 'squad_not_found',
  'get-labels': 'label_not_found',
  'get-project-members': 'user_not_found',
};

/** A name parameter: route fields never carry these names (nameParamOf), so an argument of one is a name. */
const isName = (key: string): boolean => Object.hasOwn(nameParams, key);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The argument objects names may appear in: the arguments, and the objects of their arrays. */
function objectsOf(args: Record<string, unknown>): { obj: Record<string, unknown>; at: string }[] {
  const sites = [{ obj: args, at: '' }];
  for (const [key, value] of Object.entries(args)) {
    if (Array.isArray(value)) value.forEach((item, i) => isObject(item) && sites.push({ obj: item, at: `${key}.${i}.` }));
  }
  return sites;
}

/** The entries named exactly `name`, else the one whose alias equals it ignoring case, else those named so ignoring case. */
export function matches(entries: Entry[], name: string): Entry[] {
  const folded = name.toLowerCase();
  const tests = [
    (e: Entry) => e.name === name,
    (e: Entry) => e.alias !== undefined && e.alias.toLowerCase() === folded,
    (e: Entry) => e.name.toLowerCase() === folded,
  ];
  for (const test of tests) {
    const found = entries.filter(test);
    if (found.length) return found;
  }
  return [];
}

/** An entry as messages show it: its name, and its alias when it has one. */
const described = (e: Entry) => (e.alias === undefined ? e.name : `${e.name} <${e.alias}>`);

async function readList(
  client: HttpClient,
  listing: ReadonlyMap<string, ToolSpec>,
  param: NameParam,
  projectId: number,
): Promise<Entry[] | RestResponse> {
  const list = listing.get(param.list);
  if (!list) throw new Error(`name resolution: no tool ${param.list}`);
  const res = await client.request({ method: list.method, path: list.path, query: { projectId } });
  if (res.status < 200 || res.status > 299) return res;
  const [idKey, nameKey, aliasKey] = param.entry;
  const rows = (JSON.parse(res.body.toString('utf8')) as { data: Record<string, unknown>[] }).data;
  return rows.map((row) => ({ id: Number(row[idKey]), name: String(row[nameKey]), ...(aliasKey && { alias: String(row[aliasKey]) }) }));
}

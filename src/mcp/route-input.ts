import { bodyId, queryId } from '../core/schemas';
import { z } from '../core/zod-messages';
import { idOrName, takesName } from './id-name-fields';
import { nameParamOf, nameParamSchema } from './name-params';

// A tool's input schema, derived from its route's zod schema. Tool parameters are
// plain JSON values, so query strings become what REST parses them to ("12" → 12,
// "true" → true). The tool schema shows types, enums, required fields, numeric
// ranges and defaults; lengths of strings and arrays, and the database's ceiling
// on ids, stay with the REST check, whose 400 the tool reports with its own
// parameter names. What the tool adds is words: names, descriptions, what null does.

/** What a tool says about one parameter: a description, or these details. */
export type ParamDoc =
  | string
  | {
      /** Description; without it the route's own description is shown. */
      text?: string;
      /** Offer null, which the route accepts, with this description (what null does). */
      orNull?: string;
      /** Fields of the objects of an array parameter, in the order shown. */
      items?: ParamDocs;
      /** Fields of an object parameter, in the order shown. */
      fields?: ParamDocs;
      /** The tool asks for it although the route can do without (the tool offers only this way). */
      required?: true;
    };

/** The parameters a tool offers, by tool name and in the order it shows them. */
export type ParamDocs = Record<string, ParamDoc>;

export type Location = 'query' | 'body';

/** The JSON form of the route's id building blocks. */
const toolId = z.number().int('Expected an integer').positive('Expected a positive integer');
const ids = new Set<z.ZodType>([queryId, bodyId]);
/** An id field that takes a name too (src/mcp/id-names.ts): `projectId: "Web shop"`, `runId: "latest"`. */
const toolIdOrName = idOrName(toolId);

const detail = (doc: ParamDoc | undefined) => (typeof doc === 'string' ? { text: doc } : (doc ?? {}));

/**
 * The tool's input shape from a route's object schema: the parameters of `docs`,
 * each typed as the route field it renames to.
 */
export function toolShape(
  route: z.ZodType,
  docs: ParamDocs,
  rename: Record<string, string>,
  at: Location,
  where: string,
  inProject?: boolean,
): z.ZodRawShape {
  const fields = objectShape(route, where);
  // Names are looked up in the call's project: ids take names only where the route takes a projectId (here or above).
  const named = inProject ?? 'projectId' in fields;
  const offered = new Set(Object.keys(docs).map((name) => rename[name] ?? name));
  const missing = Object.entries(fields).filter(([field, schema]) => !offered.has(field) && !accepts(schema, undefined));
  if (missing.length) throw new Error(`${where}: the route requires ${missing.map(([f]) => f).join(', ')}, which the tool does not offer`);
  return Object.fromEntries(
    Object.entries(docs).map(([name, doc]) => {
      // A name for an id field (priority for priorityId): the tool's own, resolved before the call.
      const nameParam = nameParamOf(name, fields, `${where}.${name}`);
      if (nameParam) return [name, nameParamSchema(nameParam, detail(doc).text, fields, `${where}.${name}`)];
      const field = rename[name] ?? name;
      if (!fields[field]) throw new Error(`${where}: the route has no field ${field} (tool parameter ${name})`);
      const place = { rename, at, where: `${where}.${name}`, named: takesName(name, named), inProject: named };
      return [name, toolParam(fields[field], detail(doc), place)];
    }),
  );
}

function objectShape(schema: z.ZodType, where: string): Record<string, z.ZodType> {
  if (!(schema instanceof z.ZodObject)) throw new Error(`${where}: expected an object schema in the route`);
  return schema.shape;
}

const accepts = (schema: z.ZodType, value: unknown) => z.safeParse(schema, value).success;

/**
 * Where a parameter stands: the route's field names for the tool's, the part of the request it
 * goes in, its path (for the errors), whether its ids take names, and whether it is in a project's tool.
 */
interface Place {
  rename: Record<string, string>;
  at: Location;
  where: string;
  named: boolean;
  inProject: boolean;
}

/** One parameter: the route field's wrappers (optional, null, default) around its converted type. */
function toolParam(field: z.ZodType, doc: Exclude<ParamDoc, string>, place: Place): z.ZodType {
  const { at, where, named } = place;
  const text = doc.text ?? routeDescription(field);
  let nullOffered = false;
  let onWrapper = false;

  const walk = (node: z.ZodType): z.ZodType => {
    if (ids.has(node)) return described(named ? toolIdOrName : toolId, text);
    if (node instanceof z.ZodOptional) {
      const inner = walk(node.unwrap() as z.ZodType);
      return doc.required ? inner : inner.optional();
    }
    if (node instanceof z.ZodNullable) {
      const inner = walk(node.unwrap() as z.ZodType);
      if (!doc.orNull) return inner;
      nullOffered = true;
      return inner.nullable().describe(doc.orNull);
    }
    if (node instanceof z.ZodDefault || node instanceof z.ZodPrefault) {
      const inner = walk(node.unwrap() as z.ZodType);
      // A query value's default is REST's to apply: the tool just leaves the parameter out.
      if (doc.required) return inner;
      if (at === 'query' && node.unwrap() instanceof z.ZodPipe) return inner.optional();
      return inner.default(node.def.defaultValue as never);
    }
    if (node instanceof z.ZodPipe) return walk(pipeSide(node, at));
    const typed = core(node, doc, place);
    onWrapper = doc.text !== undefined && !doc.orNull && isOption(typed);
    return onWrapper ? typed : described(typed, text);
  };

  const walked = walk(field);
  if (doc.orNull && !nullOffered) throw new Error(`${where}: the route does not accept null`);
  if (doc.required && accepts(walked, undefined)) throw new Error(`${where}: cannot be required`);
  return onWrapper ? described(walked, text) : walked;
}

/**
 * A number, flag or choice: the tool's words for one go on its outermost wrapper
 * (optional or default), those for ids, text and arrays on the type itself. The
 * place only orders the keys of the listed JSON Schema ("description" first on a
 * wrapper, last on a type), and this is the order the hand-written table gave, so
 * tools/list stays byte-identical (test/mcp/tools-list-fixture.test.ts). Words taken
 * from the route go on the type (import-junit's createMissing and dryRun, listed so
 * since they were added).
 */
const isOption = (schema: z.ZodType) =>
  schema instanceof z.ZodNumber || schema instanceof z.ZodBoolean || schema instanceof z.ZodEnum || schema instanceof z.ZodLiteral;

/** The side of a pipe a tool parameter is typed as: what REST parses a query value to, the input of a body field. */
function pipeSide(pipe: z.ZodPipe, at: Location): z.ZodType {
  const { in: input, out } = pipe;
  if (input instanceof z.ZodTransform) return out as z.ZodType; // z.preprocess: the schema is the output side
  if (out instanceof z.ZodTransform) {
    // queryBoolean: 'true' | 'false' transformed to a boolean. Other values REST transforms are sent as they are.
    if (at === 'query' && input instanceof z.ZodEnum && sameValues(input.options, ['true', 'false'])) return z.boolean();
    return input as z.ZodType;
  }
  return (at === 'query' ? out : input) as z.ZodType;
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v) => b.includes(v));

/** A type below its wrappers. */
function core(node: z.ZodType, doc: Exclude<ParamDoc, string>, place: Place): z.ZodType {
  const { rename, at, where, inProject } = place;
  // A formatted string (z.iso.datetime) is a string to the tool; REST checks its format.
  if (node instanceof z.ZodString || node instanceof z.ZodStringFormat) return z.string();
  if (node instanceof z.ZodArray) {
    const element = node.element as z.ZodType;
    if (element instanceof z.ZodObject) {
      if (!doc.items) throw new Error(`${where}: the items' fields need their tool parameters (items)`);
      return z.array(z.strictObject(toolShape(element, doc.items, rename, at, `${where}[]`, inProject)));
    }
    return z.array(toolParam(element, {}, { ...place, where: `${where}[]` }));
  }
  if (doc.items) throw new Error(`${where}: items are only for arrays of objects`);
  if (node instanceof z.ZodObject) {
    if (!doc.fields) throw new Error(`${where}: an object's fields need their tool parameters (fields)`);
    return z.strictObject(toolShape(node, doc.fields, rename, at, where, inProject));
  }
  if (doc.fields) throw new Error(`${where}: fields are only for objects`);
  if (node instanceof z.ZodNumber || node instanceof z.ZodBoolean || node instanceof z.ZodEnum || node instanceof z.ZodLiteral) {
    return node;
  }
  // One of several forms (a number of runs or `all`): each in its tool form.
  // An object among the forms (a step, or a reference to shared steps) is offered as the route has it, its own words on its fields.
  if (node instanceof z.ZodUnion) {
    return z.union(
      (node.options as z.ZodType[]).map((option, i) =>
        option instanceof z.ZodObject ? option : core(option, {}, { ...place, where: `${where}|${i}`, named: false, inProject: false }),
      ),
    );
  }
  // Values by key (custom fields): plain JSON values, checked by REST against the project's fields.
  if (node instanceof z.ZodRecord) return node;
  throw new Error(`${where}: no tool form for a ${node.def.type} in the route`);
}

function described(schema: z.ZodType, text: string | undefined): z.ZodType {
  return text ? schema.describe(text) : schema;
}

/** The first description on the way in from the field's outermost wrapper. */
function routeDescription(node: z.ZodType): string | undefined {
  for (let n: z.ZodType | undefined = node; n;) {
    if (n.description) return n.description;
    if (n instanceof z.ZodOptional || n instanceof z.ZodNullable || n instanceof z.ZodDefault || n instanceof z.ZodPrefault) {
      n = n.unwrap() as z.ZodType;
    } else return undefined;
  }
  return undefined;
}

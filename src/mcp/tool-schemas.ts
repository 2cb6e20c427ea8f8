import { z } from '../core/zod-messages';
import { nameParams } from './name-params';
import { SAID_ONCE, type ToolSpec } from './tool-spec';

// The JSON Schemas tools/list sends, input and output. They are read by the client
// on every session (a tools/list answer is sent whole, and many clients put it in
// the model's context), so they carry what a caller needs and no more; the REST
// check behind each tool still enforces every bound the schema leaves out.

type Schema = Record<string, unknown>;

/** The largest integer zod writes as a bound on every `int()`: no bound at all for a caller. */
const SAFE = Number.MAX_SAFE_INTEGER;
/** The database's ceiling on ids and counts (int4): REST checks it, a caller never comes near. */
const INT4 = 2147483647;

/**
 * A JSON Schema as listed: no `$schema`; no bounds that only restate the integer type
 * (±2^53-1, the database's int4) or that an id is positive, no string lengths or patterns
 * (of values or of keys: REST checks them, naming the field); words for the parameters, not for the fields of their
 * items (their names, types and the tool's example say those), nor the words and bounds of
 * the parameters the server's instructions describe once (tool-spec.ts SAID_ONCE); no
 * `additionalProperties: false` (the tool refuses an unknown parameter by name); and a value or
 * null written as one node (`type: ["integer", "null"]`) with its outer description.
 */
export function compactSchema(node: unknown, depth = 0): unknown {
  if (Array.isArray(node)) return node.map((n) => compactSchema(n, depth));
  if (!node || typeof node !== 'object') return node;
  if (depth >= 2) return typesOf(node as Schema);
  // The options compacted first: an id's `{ type: integer, exclusiveMinimum, maximum }` is then a bare type.
  const options = (node as Schema).anyOf;
  const compacted = Array.isArray(options) ? { ...(node as Schema), anyOf: options.map((o) => compactSchema(o, depth)) } : node;
  const nullable = orNull(compacted as Schema);
  if (nullable) return compactSchema(nullable, depth);
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key === '$schema') continue;
    if (key === 'maximum' && value === SAFE) continue;
    if (key === 'minimum' && value === -SAFE) continue;
    if (key === 'exclusiveMinimum' && value === 0) continue;
    if (key === 'maximum' && value === INT4) continue;
    if (key === 'minLength' || key === 'maxLength' || key === 'pattern' || key === 'propertyNames') continue;
    if (key === 'additionalProperties' && value === false) continue;
    // A map's values (customFields): their shapes are in the words and the example.
    if (key === 'additionalProperties' && depth >= 1) continue;
    if (key === 'description' && depth > 1) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      const properties = Object.entries(value as Schema).filter(([k]) => !namedInItsId(k, value as Schema));
      out.properties = Object.fromEntries(properties.map(([k, v]) => [k, compactSchema(saidOnce(v), depth + 1)]));
    } else out[key] = compactSchema(value, depth);
  }
  return out;
}

/**
 * A name parameter (`priority: "High"`, src/mcp/name-params.ts) beside an id parameter that takes
 * the name itself (`priorityId: "High"`, src/mcp/id-name-fields.ts): not listed, as it says nothing
 * more. Calls that pass it still work.
 */
function namedInItsId(key: string, properties: Schema): boolean {
  if (!Object.hasOwn(nameParams, key)) return false;
  const id = properties[nameParams[key].id];
  return id !== undefined && JSON.stringify(id).includes('"string"');
}

/**
 * A field of a parameter's items (a test of bulk-add-tests, a result of run-update-test-status) as its
 * types and allowed values alone: the fields are named, and the tool's example shows their shapes.
 */
function typesOf(node: Schema): Schema {
  const types = new Set<unknown>();
  const collect = (n: Schema) => {
    if (Array.isArray(n.anyOf)) (n.anyOf as Schema[]).forEach(collect);
    else if (Array.isArray(n.type)) n.type.forEach((t) => types.add(t));
    else if (n.type !== undefined) types.add(n.type);
  };
  collect(node);
  const type = types.size === 1 ? [...types][0] : [...types];
  return {
    ...(types.size ? { type } : {}),
    ...(node.enum !== undefined ? { enum: node.enum } : {}),
    ...(node.const !== undefined ? { const: node.const } : {}),
  };
}

/** A parameter in the shared words (an id, limit, offset, cursor) as its type alone: the instructions say the rest. */
function saidOnce(node: unknown): unknown {
  const schema = node as Schema;
  return SAID_ONCE.has(schema?.description as string) && typeof schema.type === 'string' ? { type: schema.type } : node;
}

/**
 * `anyOf: [X, { type: "null" }]` (X of one plain type) as X with type [X's, "null"] and the
 * outer words; `anyOf` of bare types as one type list; else undefined.
 */
function orNull(node: Schema): Schema | undefined {
  const options = node.anyOf as Schema[] | undefined;
  if (!Array.isArray(options)) return undefined;
  const { anyOf: _options, ...outer } = node;
  const bare = (o: Schema) => typeof o.type === 'string' && Object.keys(o).every((k) => k === 'type' || k === 'minLength');
  // anyOf inside anyOf, with nothing of its own, is one level.
  const flat = options.flatMap((o) => (Array.isArray(o.anyOf) && Object.keys(o).length === 1 ? (o.anyOf as Schema[]) : [o]));
  if (flat.length !== options.length) return orNull({ ...outer, anyOf: flat }) ?? { ...outer, anyOf: flat };
  if (options.length > 1 && options.every(bare)) return { type: options.map((o) => o.type), ...outer };
  if (options.length !== 2) return undefined;
  const [value, nothing] = options;
  if (nothing?.type !== 'null' || typeof value?.type !== 'string' || Object.keys(nothing).length !== 1) return undefined;
  const { description, ...inner } = value;
  return { ...inner, type: [value.type, 'null'], ...(description !== undefined ? { description } : {}), ...outer };
}

// Output schemas: what a tool's structuredContent holds. Its top-level fields by name,
// from the route's response schema (their types and nested records are in the REST
// API's OpenAPI document, /api/v1/openapi.json): the names are what a caller reads
// by, and every tool's are sent on every session. Nothing is required: an answer cut
// to the budget keeps its fields but may drop rows or text (src/mcp/answer-budget.ts).

/** A download's summary, and a stored file's (src/mcp/answer-budget.ts). */
const downloadSummary = ['format', 'filename', 'contentType', 'bytes', 'count', 'first', 'fetch'];
const storedFile = ['filename', 'contentType', 'bytes', 'text', 'fetch'];

/** The output schema of a tool: its answer's top-level fields, from the route's response schema. */
export function outputSchemaOf(spec: ToolSpec): Schema {
  if (spec.download) return objectOf(spec.route.fromStorage ? storedFile : downloadSummary);
  const response = spec.route.response as z.ZodType | undefined;
  // A page's paging fields (returned, hasMore, nextOffset or nextPage: src/mcp/answer-budget.ts) are named once, by the instructions.
  if (spec.paged === 'local' || spec.paged === 'headers') return objectOf(['items', 'total']);
  if (!response) return objectOf([]);
  const json = z.toJSONSchema(response, { io: 'output', unrepresentable: 'any' }) as Schema;
  // An answer that is no object (a list a write returns) comes as { data }.
  if (json.type !== 'object') return objectOf(['data']);
  return objectOf(Object.keys(json.properties ?? {}));
}

const objectOf = (fields: string[]): Schema => ({ type: 'object', properties: Object.fromEntries(fields.map((f) => [f, {}])) });

/** A tool answer's text as structuredContent: the object it is, or { data } around anything else. */
export function structuredOf(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { data: value };
}

import { z } from 'zod';
import { bodyId, nonBlank, optionalText, queryBoolean, queryId, queryInt } from '../../src/core/schemas';
import { toolShape } from '../../src/mcp/route-input';

// The derivation of a tool's input from its route's zod schema, on small routes of
// its own: query strings become JSON types, and what the tool may add (words, null,
// narrowing) is checked against the route.

const json = (shape: z.ZodRawShape) =>
  z.toJSONSchema(z.strictObject(shape), { io: 'input' }) as {
    properties: Record<string, Record<string, unknown>>;
    required?: string[];
  };

const query = z.object({
  projectId: queryId,
  deep: queryBoolean.prefault('false'),
  size: queryInt(1, 50).default(10),
  kind: z.enum(['a', 'b']).default('a'),
  search: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(9).optional()),
});

it('turns query strings into JSON numbers and booleans, leaving REST its defaults', () => {
  const shape = toolShape(
    query,
    { projectId: 'Project', deep: 'Deep?', size: 'Page size', kind: 'Kind', search: 'Text' },
    {},
    'query',
    't',
  );
  const schema = json(shape);
  // An id takes a name too (src/mcp/id-name-fields.ts): a string beside the integer.
  expect(schema.properties.projectId).toEqual({
    anyOf: [{ type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER }, { type: 'string' }],
    description: 'Project',
  });
  expect(schema.properties.deep).toEqual({ type: 'boolean', description: 'Deep?' });
  expect(schema.properties.size).toEqual({ type: 'integer', minimum: 1, maximum: 50, description: 'Page size' });
  expect(schema.properties.kind).toEqual({ type: 'string', enum: ['a', 'b'], default: 'a', description: 'Kind' });
  expect(schema.properties.search).toEqual({ type: 'string', description: 'Text' });
  expect(schema.required).toEqual(['projectId']);
  // JSON values, as the tool receives them, pass; the strings of a query do not.
  expect(z.strictObject(shape).safeParse({ projectId: 3, deep: true, size: 50 }).success).toBe(true);
  expect(z.strictObject(shape).safeParse({ projectId: 3, size: '50' }).success).toBe(false);
  expect(z.strictObject(shape).safeParse({ projectId: 3, deep: 'true' }).success).toBe(false);
  // An id's string is a name or a numeric id, resolved before the REST call.
  expect(z.strictObject(shape).safeParse({ projectId: '3' }).success).toBe(true);
  expect(z.strictObject(shape).safeParse({ projectId: 3, size: 51 }).success).toBe(false);
});

const body = z.strictObject({
  projectId: bodyId,
  title: nonBlank(500),
  note: optionalText(),
  ids: z.array(bodyId).optional(),
  items: z.array(z.strictObject({ title: nonBlank(), refId: bodyId.nullable().optional() })).optional(),
});

it('renames at every depth, offers null only where the tool says what it does, and orders as the tool lists', () => {
  const shape = toolShape(
    body,
    {
      name: 'Name',
      projectId: 'Project',
      note: { text: 'Note', orNull: 'Note; null clears it' },
      items: { text: 'Items', items: { refId: 'Ref', name: 'Item name' } },
    },
    { name: 'title' },
    'body',
    't',
  );
  const schema = json(shape);
  expect(Object.keys(schema.properties)).toEqual(['name', 'projectId', 'note', 'items']);
  expect(schema.required).toEqual(['name', 'projectId']);
  expect(schema.properties.note).toEqual({
    anyOf: [{ type: 'string', description: 'Note' }, { type: 'null' }],
    description: 'Note; null clears it',
  });
  const item = (schema.properties.items as { items: { properties: Record<string, unknown>; required: string[] } }).items;
  expect(Object.keys(item.properties)).toEqual(['refId', 'name']);
  expect(item.required).toEqual(['name']);
  expect(item.properties.refId).toEqual({ type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Ref' });
});

it('refuses a tool row the route does not back', () => {
  expect(() => toolShape(body, { projectId: 'P', name: 'N', color: 'C' }, { name: 'title' }, 'body', 't')).toThrow(
    'the route has no field color',
  );
  expect(() => toolShape(body, { projectId: 'P' }, {}, 'body', 't')).toThrow('the route requires title');
  expect(() => toolShape(body, { projectId: { orNull: 'x' }, title: 'T' }, {}, 'body', 't')).toThrow('does not accept null');
  expect(() => toolShape(body, { projectId: 'P', title: 'T', items: 'I' }, {}, 'body', 't')).toThrow('need their tool parameters');
});

it('lets a tool require what the route can do without, and nothing else', () => {
  const shape = toolShape(body, { projectId: 'P', title: 'T', ids: { text: 'Ids', required: true } }, {}, 'body', 't');
  expect(json(shape).required).toEqual(['projectId', 'title', 'ids']);
});

// JSON Schema ignores key order, but clients get the listed bytes, and the tool list keeps
// them as the hand-written table gave them: the tool's words for an optional number,
// flag or choice come first (they were put on its wrapper), those for ids and text
// last, and words taken from the route last too.
it('orders the keys of a parameter as the hand-written table did', () => {
  const keys = (shape: z.ZodRawShape) =>
    Object.fromEntries(Object.entries(json(shape).properties).map(([name, p]) => [name, Object.keys(p)]));
  expect(
    keys(toolShape(query, { projectId: 'Project', deep: 'Deep?', size: 'Page size', kind: 'Kind', search: 'Text' }, {}, 'query', 't')),
  ).toEqual({
    projectId: ['anyOf', 'description'],
    deep: ['description', 'type'],
    size: ['description', 'type', 'minimum', 'maximum'],
    kind: ['default', 'description', 'type', 'enum'],
    search: ['type', 'description'],
  });
  expect(
    keys(toolShape(body, { projectId: 'P', title: 'T', note: { text: 'Note', orNull: 'Note; null clears it' } }, {}, 'body', 't')),
  ).toEqual({
    projectId: ['anyOf', 'description'],
    title: ['type', 'description'],
    note: ['anyOf', 'description'],
  });
  const routeWords = z.object({ deep: queryBoolean.prefault('false').describe('Route words') });
  expect(keys(toolShape(routeWords, { deep: {} }, {}, 'query', 't'))).toEqual({ deep: ['type', 'description'] });
  // A required flag has no wrapper: its words follow the type.
  expect(keys(toolShape(z.strictObject({ on: z.boolean() }), { on: 'On?' }, {}, 'body', 't'))).toEqual({ on: ['type', 'description'] });
});

it('offers an object parameter by its fields, each with the tool’s words, and refuses one without them', () => {
  const route = z.strictObject({
    build: z
      .strictObject({ commit: z.string().max(5).nullable().optional(), job: z.string().optional() })
      .nullable()
      .optional(),
  });
  const shape = toolShape(
    route,
    {
      build: {
        text: 'Build',
        orNull: 'Build; null clears it',
        fields: { commit: { text: 'Commit', orNull: 'Commit; null clears it' }, job: 'Job' },
      },
    },
    {},
    'body',
    't',
  );
  const input = z.strictObject(shape);
  expect(input.safeParse({ build: { commit: null, job: 'e2e' } }).success).toBe(true);
  expect(input.safeParse({ build: null }).success).toBe(true);
  expect(input.safeParse({ build: { sha: 'x' } }).success).toBe(false);
  expect(json(shape).properties.build).toMatchObject({ description: 'Build; null clears it' });
  expect(() => toolShape(route, { build: 'Build' }, {}, 'body', 't')).toThrow(
    "t.build: an object's fields need their tool parameters (fields)",
  );
  expect(() => toolShape(route, { build: { fields: { sha: 'Sha' } } }, {}, 'body', 't')).toThrow('the route has no field sha');
});

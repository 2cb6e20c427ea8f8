// Examples for the OpenAPI document, made from the generated schemas so that
// every route gets them without a hand-written copy. A schema's own `example`
// (zod `.meta({ example })`) or `default` wins; otherwise a value is built that
// satisfies the schema's type, format, bounds and simple patterns.

export type JsonSchema = { [key: string]: unknown };

// Readable values for common field names, so examples read like real requests.
const wordsByField: Record<string, string> = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  token: 'cb_7Pq1x0dD5c3mW2v9nK4sYb8aLh6tRz1eFgJuQoViXwE',
  orgname: 'Acme QA',
  projectname: 'Checkout',
  projectdescription: 'Web shop checkout flows',
  title: 'Pay with a saved card',
  testdescription: 'A returning customer pays with the card on file',
  preconditions: 'A customer with a saved card is signed in',
  steps: '1. Open the cart\n2. Choose the saved card\n3. Pay',
  expectedresult: 'The order is confirmed',
  runname: 'Release 2.4 regression',
  rundescription: 'Full regression before the 2.4 release',
  sectionname: 'Payments',
  labelname: 'smoke',
  labels: 'smoke',
  squads: 'Payments squad',
  squadname: 'Payments squad',
  comment: 'Fails on Safari 17 only',
  search: 'card',
  error: 'Project not found',
  defect: 'SHOP-123',
  defecturltemplate: 'https://github.com/acme/shop/issues/{id}',
};

const formats: Record<string, string> = {
  'date-time': '2026-01-15T09:30:00.000Z',
  date: '2026-01-15',
  email: 'ada@example.com',
  uri: 'https://casebook.example.com',
  url: 'https://casebook.example.com',
  uuid: '3f0e8d62-6c1b-4d1e-9a51-1c2b7f0b9e10',
};

const digits = new Set(['^[0-9]+$', '^-?[0-9]+$', '^\\d+$']);

function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const target = components[ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`Unresolvable schema reference ${ref}`);
  return resolve(target, components);
}

function numberExample(schema: JsonSchema): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  // OpenAPI 3.0 marks exclusive bounds with a boolean; JSON Schema 2019+ with a number.
  let value = min === undefined ? 1 : schema.exclusiveMinimum === true ? min + 1 : min;
  if (typeof schema.exclusiveMinimum === 'number') value = schema.exclusiveMinimum + 1;
  if (max !== undefined && value > max) value = schema.exclusiveMaximum === true ? max - 1 : max;
  return value;
}

function stringExample(schema: JsonSchema, field?: string): string {
  if (typeof schema.format === 'string' && formats[schema.format]) return formats[schema.format];
  if (typeof schema.pattern === 'string' && digits.has(schema.pattern)) return '1';
  let text = (field && wordsByField[field.toLowerCase()]) ?? 'Example text';
  if (typeof schema.minLength === 'number') text = text.padEnd(schema.minLength, '.');
  if (typeof schema.maxLength === 'number') text = text.slice(0, schema.maxLength);
  return text;
}

/** A value that satisfies `schema`; `field` is the property or parameter name it is for. */
export function exampleOf(schema: JsonSchema, components: Record<string, JsonSchema> = {}, field?: string): unknown {
  const s = resolve(schema, components);
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...s.allOf.map((part) => exampleOf(part as JsonSchema, components, field)));
  }
  const alternatives = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) return exampleOf(alternatives[0], components, field);
  switch (s.type) {
    case 'integer':
    case 'number':
      return numberExample(s);
    case 'boolean':
      return true;
    case 'string':
      return stringExample(s, field);
    case 'array': {
      const count = typeof s.minItems === 'number' && s.minItems > 1 ? s.minItems : 1;
      const item = exampleOf((s.items ?? {}) as JsonSchema, components, field);
      return Array.from({ length: count }, () => item);
    }
  }
  if (s.type === 'object' || s.properties) {
    const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
    return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, exampleOf(value, components, key)]));
  }
  return {};
}

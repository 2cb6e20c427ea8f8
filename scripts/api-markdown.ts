// docs/api.md: the API reference in Markdown, written from the OpenAPI document by
// `npm run generate`. It reads only the document, whatever its operations hold, so
// what the routes declare (parameters, bodies, responses and their error codes)
// shows here without a change to this file.

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

interface Media {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, Media>;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { description?: string; required?: boolean; content?: Record<string, Media> };
  responses?: Record<string, Response>;
}

export interface OpenApi {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; responses?: Record<string, Response>; securitySchemes?: Record<string, unknown> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Prose as Markdown shows it: angle brackets outside code spans are text, not HTML (`<testsuite>`). */
const prose = (text: string) =>
  text
    .split('`')
    .map((part, i) => (i % 2 === 0 ? part.replace(/</g, '&lt;').replace(/>/g, '&gt;') : part))
    .join('`');

/** Text fit for a table cell: one line, pipes escaped. */
const cell = (text: string) => prose(text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|'));

const code = (text: string) => `\`${text}\``;

/** GitHub's anchor of a heading. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

export function apiMarkdown(doc: OpenApi): string {
  const resolve = <T extends { $ref?: string }>(value: T): T => {
    if (!value.$ref) return value;
    const [, , kind, name] = value.$ref.split('/');
    const target = (doc.components as Record<string, Record<string, T>> | undefined)?.[kind]?.[name];
    if (!target) throw new Error(`unresolved ${value.$ref}`);
    return resolve(target);
  };

  function typeOf(input: Schema): string {
    const schema = resolve(input);
    const variants = schema.anyOf ?? schema.oneOf;
    let text: string;
    if (variants) text = variants.map(typeOf).join(' \\| ');
    else if (schema.enum) text = schema.enum.map((v) => JSON.stringify(v)).join(' \\| ');
    else if (schema.type === 'array') text = `${schema.items ? typeOf(schema.items) : 'value'}[]`;
    else text = schema.format && schema.type === 'string' ? `string (${schema.format})` : (schema.type ?? 'value');
    return schema.nullable ? `${text} \\| null` : text;
  }

  /** Bounds and default, as words after the description. */
  function limits(input: Schema): string[] {
    const s = resolve(input);
    const out: string[] = [];
    const range = (what: string, min?: number, max?: number) => {
      if (min !== undefined && max !== undefined) out.push(`${what} ${min} to ${max}`);
      else if (min !== undefined) out.push(`${what} at least ${min}`);
      else if (max !== undefined) out.push(`${what} at most ${max}`);
    };
    // An id's bounds (a positive int4) say nothing a reader needs.
    if (!(s.type === 'integer' && s.minimum === 0 && s.maximum === 2147483647))
      range('', s.minimum, s.maximum === Number.MAX_SAFE_INTEGER ? undefined : s.maximum);
    range('length', s.minLength, s.maxLength);
    range('items', s.minItems, s.maxItems);
    if (s.default !== undefined) out.push(`default ${code(JSON.stringify(s.default))}`);
    return out.map((t) => t.trim());
  }

  const describe = (schema: Schema, own?: string) =>
    cell([own ?? resolve(schema).description, ...limits(schema).map((l) => `(${l})`)].filter(Boolean).join(' '));

  /** The fields of a body, one level into arrays of objects and objects (`tests[].title`). */
  function fields(input: Schema, prefix = '', depth = 0): string[] {
    const schema = resolve(input);
    const required = new Set(schema.required ?? []);
    const rows: string[] = [];
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const path = `${prefix}${name}`;
      rows.push(`| ${code(path)} | ${typeOf(property)} | ${required.has(name) ? 'yes' : 'no'} | ${describe(property)} |`);
      const inner = resolve(property);
      const nested = inner.type === 'array' && inner.items ? resolve(inner.items) : inner;
      if (depth === 0 && nested.properties) rows.push(...fields(nested, `${path}${nested === inner ? '.' : '[].'}`, depth + 1));
    }
    return rows;
  }

  /** The error codes a response names: an enum on its `code`, in any variant of its schema, or in its examples. */
  function codesOf(input: Response): string[] {
    const response = resolve(input);
    const found = new Set<string>();
    const walk = (s: Schema | undefined) => {
      if (!s) return;
      const schema = resolve(s);
      for (const v of resolve(schema.properties?.code ?? {}).enum ?? []) found.add(String(v));
      for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(variant);
    };
    const fromExample = (example: unknown) => {
      const value = (example as { code?: unknown } | undefined)?.code;
      if (typeof value === 'string') found.add(value);
    };
    for (const media of Object.values(response.content ?? {})) {
      walk(media.schema);
      fromExample(media.example);
      for (const example of Object.values(media.examples ?? {})) fromExample(example.value);
    }
    return [...found];
  }

  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] })),
  );
  const withCodes = operations.some(({ op }) => Object.values(op.responses ?? {}).some((r) => codesOf(r).length > 0));

  function authentication(op: Operation): string {
    if (!op.security || op.security.length === 0) return 'none (public)';
    return op.security.map((s) => Object.keys(s).map(code).join(' + ')).join(' or ');
  }

  function operationSection({ method, path, op }: (typeof operations)[number]): string[] {
    const out = [`### ${method.toUpperCase()} ${path}`, ''];
    if (op.summary) out.push(prose(op.summary), '');
    if (op.description) out.push(prose(op.description.trim()), '');
    out.push(`Authentication: ${authentication(op)}.`, '');
    if (op.parameters?.length) {
      out.push('| Parameter | In | Type | Required | Description |', '|---|---|---|---|---|');
      for (const p of op.parameters) {
        const schema = p.schema ?? {};
        out.push(`| ${code(p.name)} | ${p.in} | ${typeOf(schema)} | ${p.required ? 'yes' : 'no'} | ${describe(schema, p.description)} |`);
      }
      out.push('');
    }
    const body = op.requestBody;
    // Content types sharing one schema (a raw document as application/xml or text/xml) are shown once.
    const bodies = new Map<string, { types: string[]; media: Media }>();
    for (const [type, media] of Object.entries(body?.content ?? {})) {
      const key = JSON.stringify(media.schema ?? null);
      bodies.set(key, { types: [...(bodies.get(key)?.types ?? []), type], media });
    }
    for (const { types, media } of bodies.values()) {
      const rows = media.schema ? fields(media.schema) : [];
      const what = body?.description ?? (media.schema && resolve(media.schema).description);
      out.push(`Body (${types.map(code).join(' or ')}${body?.required ? ', required' : ''})${what ? `: ${cell(what)}` : ''}`, '');
      if (rows.length) out.push('| Field | Type | Required | Description |', '|---|---|---|---|', ...rows, '');
    }
    out.push(withCodes ? '| Status | Meaning | Error codes |' : '| Status | Meaning |', withCodes ? '|---|---|---|' : '|---|---|');
    for (const [status, raw] of Object.entries(op.responses ?? {})) {
      const response = resolve(raw);
      const types = Object.keys(response.content ?? {}).filter((t) => t !== 'application/json');
      const meaning = cell([response.description ?? '', types.length ? `(${types.map(code).join(', ')})` : ''].filter(Boolean).join(' '));
      const codes = codesOf(raw).map(code).join(', ');
      out.push(withCodes ? `| ${status} | ${meaning} | ${codes} |` : `| ${status} | ${meaning} |`);
    }
    out.push('');
    return out;
  }

  const tags = doc.tags?.map((t) => t.name) ?? [];
  for (const { op } of operations) for (const tag of op.tags ?? ['Other']) if (!tags.includes(tag)) tags.push(tag);
  const byTag = tags
    .map((tag) => ({ tag, ops: operations.filter(({ op }) => (op.tags ?? ['Other']).includes(tag)) }))
    .filter(({ ops }) => ops.length > 0);

  const lines = [
    '<!-- Generated from openapi.yaml by `npm run generate` (scripts/api-markdown.ts). Do not edit. -->',
    '',
    `# ${doc.info.title} ${doc.info.version}`,
    '',
    'The REST API, route by route. The running server shows the same document rendered at `/api/docs`',
    'and serves it as JSON at `/api/v1/openapi.json`; `openapi.yaml` is the committed copy.',
    '',
  ];
  if (doc.info.description) lines.push(prose(doc.info.description.trim()), '');
  lines.push('## Contents', '');
  for (const { tag, ops } of byTag) {
    lines.push(`- [${tag}](#${anchor(tag)})`);
    for (const o of ops) {
      const heading = `${o.method.toUpperCase()} ${o.path}`;
      lines.push(`  - [${heading}](#${anchor(heading)})`);
    }
  }
  lines.push('');
  for (const { tag, ops } of byTag) {
    lines.push(`## ${tag}`, '');
    const description = doc.tags?.find((t) => t.name === tag)?.description;
    if (description) lines.push(prose(description.trim()), '');
    for (const o of ops) lines.push(...operationSection(o));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

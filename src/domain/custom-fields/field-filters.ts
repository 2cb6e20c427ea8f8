import type { RequestContext } from '../../core/context';
import { requireProject } from '../access';
import { badRequest } from '../../core/errors';
import { z } from '../../core/schemas';
import { listFieldDefs } from './data';
import { valueFault } from './field-values';
import type { FieldValue } from './field-value.schemas';

// Catalog filters by custom field: query parameters `cf.<key>=value` (equal; a multiselect
// field: holds the option) and, for number and date fields, `cf.<key>.gte` / `cf.<key>.lte`.
// Their names are dynamic, so the query schemas take any further parameter (catchall) and
// this module reads the `cf.` ones: their form at validation, their fields per project here.

const PARAM = /^cf\.([a-z][a-z0-9_]{0,49})(?:\.(gte|lte))?$/;

export const FIELD_FILTERS_DOC =
  'Filter by custom field (GET /custom-fields, appliesTo test): cf.<key>=value (equal; a multiselect field: holds that option; ' +
  'checkbox true/false), and for number and date fields cf.<key>.gte=value / cf.<key>.lte=value; an unknown key or a bad value is 400';

/**
 * The catchall of a catalog query: any further parameter is taken (and ignored unless it is a
 * `cf.` one); OpenAPI documents it as one parameter named `cf.<key>`.
 */
export const fieldFilterParams = z.unknown().describe(FIELD_FILTERS_DOC).meta({ param: 'cf.<key>', example: 'Checkout' });

/** One filter, its value of the field's type: `eq` and `contains` are JSON containment (the GIN index), gte/lte a comparison. */
export interface FieldFilter {
  key: string;
  op: 'eq' | 'contains' | 'gte' | 'lte';
  type: 'number' | 'date' | 'other';
  value: FieldValue;
}

const paramsOf = (query: Record<string, unknown>): string[] => Object.keys(query).filter((name) => name.startsWith('cf.'));

/** A query refinement: each `cf.` parameter well-formed and given once. */
export function wellFormedFieldFilters(query: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const name of paramsOf(query)) {
    if (!PARAM.test(name))
      ctx.addIssue({ code: 'custom', path: [name], message: 'Expected cf.<key>, cf.<key>.gte or cf.<key>.lte with a field key' });
    else if (typeof query[name] !== 'string') ctx.addIssue({ code: 'custom', path: [name], message: 'Expected one value' });
    else if (query[name] === '') ctx.addIssue({ code: 'custom', path: [name], message: 'Must not be empty' });
  }
}

/** A filter's text as a value of the field's type, or why it is none. */
function parsed(type: string, text: string): { value: FieldValue } | { fault: string } {
  if (type === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? { value: Number(text) } : { fault: 'Expected a number' };
  if (type === 'checkbox') return text === 'true' || text === 'false' ? { value: text === 'true' } : { fault: 'Expected true or false' };
  if (type === 'user') return /^\d+$/.test(text) ? { value: Number(text) } : { fault: 'Expected a user id' };
  return { value: text };
}

/**
 * The `cf.` parameters of a catalog query as filters, checked against the project's test
 * fields (one read, only when there are some): an unknown key, a field of results, a bad
 * value or gte/lte on a field that is no number or date is a 400 naming the parameter.
 */
export async function fieldFiltersOf(ctx: RequestContext, projectId: number, query: object): Promise<FieldFilter[] | undefined> {
  const params = query as Record<string, unknown>;
  const names = paramsOf(params);
  if (names.length === 0) return undefined;
  // The project's fields are read only once it is known to be the caller's (else 404, not a 400 naming its keys).
  await requireProject(ctx, projectId);
  const fields = new Map((await listFieldDefs(ctx.db, projectId, 'test')).map((f) => [f.key, f]));
  const errors: string[] = [];
  const filters = names.flatMap((name): FieldFilter[] => {
    const [, key, bound] = PARAM.exec(name)!;
    const field = fields.get(key);
    if (!field) return (errors.push(`${name}: No custom field of tests with key ${key}`), []);
    const ranged = field.type === 'number' || field.type === 'date';
    if (bound && !ranged) return (errors.push(`${name}: gte and lte are for number and date fields`), []);
    const read = parsed(field.type, params[name] as string);
    if ('fault' in read) return (errors.push(`${name}: ${read.fault}`), []);
    const multi = field.type === 'multiselect';
    const fault = valueFault(field, multi ? [read.value as string] : read.value);
    if (fault) return (errors.push(`${name}: ${fault}`), []);
    if (multi) return [{ key, op: 'contains', type: 'other', value: read.value }];
    const type = ranged ? (field.type as 'number' | 'date') : 'other';
    return [{ key, op: (bound as 'gte' | 'lte' | undefined) ?? 'eq', type, value: read.value }];
  });
  if (errors.length > 0) throw badRequest(errors.join('; '));
  return filters;
}

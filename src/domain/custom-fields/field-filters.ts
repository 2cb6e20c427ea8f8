import type { RequestContext } from '../../core/context';
import { badRequest, notFound } from '../../core/errors';
import { FIELD_FILTER_PARAM, fieldFilterNames, type FieldFilter } from './field-filters.schemas';
import { testFieldShapesInOrgs } from './data';
import { valueFault } from './field-values';
import type { FieldValue } from './field-value.schemas';

// The catalog's cf.<key> filters (field-filters.schemas.ts) read against the project's test fields.

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
  const names = fieldFilterNames(params);
  if (names.length === 0) return undefined;
  // The project's fields are read only if it is the caller's (else 404, not a 400 naming its keys).
  const shapes = await testFieldShapesInOrgs(ctx.db, projectId, ctx.orgIds);
  if (!shapes) throw notFound('Project');
  const fields = new Map(shapes.map((f) => [f.key, f]));
  const errors: string[] = [];
  const filters = names.flatMap((name): FieldFilter[] => {
    const [, key, bound] = FIELD_FILTER_PARAM.exec(name)!;
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

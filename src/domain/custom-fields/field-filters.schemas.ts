import { z } from '../../core/schemas';
import { fieldKey, type FieldValue } from './field-value.schemas';

// The catalog's filters by custom field as the query schemas see them: query parameters
// `cf.<key>=value` (equal; a multiselect field: holds the option) and, for number and date
// fields, `cf.<key>.gte` / `cf.<key>.lte`. Their names are dynamic, so the query schemas take any
// further parameter (catchall) and check here only the form of the `cf.` ones; field-filters.ts
// reads them against the project's fields.

export const FIELD_FILTER_PARAM = /^cf\.([a-z][a-z0-9_]{0,49})(?:\.(gte|lte))?$/;

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

/** A filter's parameter name: `cf.<key>`, or `cf.<key>.gte` / `.lte` with a bound. */
export const fieldFilterParam = (key: string, bound?: 'gte' | 'lte') => `cf.${key}${bound ? `.${bound}` : ''}`;

const filterValue = z.union([z.string().min(1), z.number(), z.boolean()]);
const filterBound = z.union([z.string().min(1), z.number()]);

/**
 * The same filters as one JSON object, for a client that sends JSON rather than a query
 * string (the MCP tools): key → the value (cf.<key>), or → { gte, lte } (cf.<key>.gte,
 * cf.<key>.lte). fieldFilterQuery writes it as those parameters, which the route checks.
 */
export const fieldFilterObject = z.record(
  fieldKey,
  z.union([
    filterValue,
    z
      .strictObject({ gte: filterBound.optional(), lte: filterBound.optional() })
      .refine((range) => range.gte !== undefined || range.lte !== undefined, 'Give gte, lte or both'),
  ]),
);

/** A fieldFilterObject as the query parameters it stands for. */
export function fieldFilterQuery(filters: z.infer<typeof fieldFilterObject>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).flatMap(([key, value]) =>
      typeof value === 'object'
        ? (['gte', 'lte'] as const)
            .filter((bound) => value[bound] !== undefined)
            .map((bound) => [fieldFilterParam(key, bound), String(value[bound])])
        : [[fieldFilterParam(key), String(value)]],
    ),
  );
}

export const fieldFilterNames = (query: Record<string, unknown>): string[] => Object.keys(query).filter((name) => name.startsWith('cf.'));

/** A query refinement: each `cf.` parameter well-formed and given once. */
export function wellFormedFieldFilters(query: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const name of fieldFilterNames(query)) {
    if (!FIELD_FILTER_PARAM.test(name))
      ctx.addIssue({ code: 'custom', path: [name], message: 'Expected cf.<key>, cf.<key>.gte or cf.<key>.lte with a field key' });
    else if (typeof query[name] !== 'string') ctx.addIssue({ code: 'custom', path: [name], message: 'Expected one value' });
    else if (query[name] === '') ctx.addIssue({ code: 'custom', path: [name], message: 'Must not be empty' });
  }
}

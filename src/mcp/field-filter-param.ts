import { fieldFilterObject, fieldFilterParams, fieldFilterQuery } from '../domain/custom-fields/field-filters.schemas';
import { z } from '../core/zod-messages';
import type { AnyRoute } from '../core/route';

// The catalog's cf.<key> filters as a tool parameter. Their query names are dynamic, which a
// tool's input schema cannot list, so a tool whose route takes them (the query's catchall,
// field-filters.schemas.ts) offers one object parameter, customFields, written back as the
// cf.<key> parameters the route checks.

/** The tool parameter that carries the filters, named as a test's values are. */
export const FIELD_FILTERS_PARAM = 'customFields';

/** Whether the route's query takes the cf.<key> filters (its catchall is theirs). */
export const takesFieldFilters = (route: AnyRoute): boolean =>
  route.query instanceof z.ZodObject && route.query.def.catchall === fieldFilterParams;

/** The parameter's input schema, with the tool's words. */
export const fieldFiltersInput = (text: string) => fieldFilterObject.optional().describe(text);

/** The query parameters a call's customFields stands for. */
export const fieldFiltersQuery = (value: unknown): Record<string, string> => fieldFilterQuery(value as z.infer<typeof fieldFilterObject>);

/** A REST error naming cf.<key> parameters, named as the tool's parameter: customFields.<key>, customFields.<key>.gte. */
export const toolFilterNames = (message: string): string =>
  message.replace(/(^Invalid request: |; )cf\.(?=[a-z])/g, `$1${FIELD_FILTERS_PARAM}.`);

import { z } from '../../core/schemas';

// Defect links of results: a result names up to MAX_DEFECTS defects, each an id in the team's
// tracker (SHOP-123, #45) or a URL. An id becomes a link through its project's
// defectUrlTemplate (`{id}` replaced by the id without its leading #); a URL is its own link.
// Ids are limited to letters, digits and . _ - (after an optional #), so the id goes into the
// template as it is: nothing in it needs encoding or could leave the URL's path.

export const MAX_DEFECTS = 20;
export const DEFECT_MAX_CHARS = 200;
export const TEMPLATE_MAX_CHARS = 500;

const DEFECT_ID = /^#?[A-Za-z0-9][A-Za-z0-9._-]*$/;
const HTTP_URL = /^https?:\/\//i;

const isHttpUrl = (text: string) => HTTP_URL.test(text) && !/\s/.test(text) && URL.canParse(text);
const isDefect = (text: string) => DEFECT_ID.test(text) || isHttpUrl(text);

/** One defect as a result takes it: trimmed, an id or an http(s) URL. */
export const defectRef = z
  .string()
  .trim()
  .min(1, 'Expected a defect id or URL, not an empty text')
  .max(DEFECT_MAX_CHARS, `At most ${DEFECT_MAX_CHARS} characters`)
  .refine(isDefect, 'Expected a defect id (letters, digits, . _ -, optionally after #: SHOP-123, #45) or an http(s) URL');

/** A result's defects: up to MAX_DEFECTS, duplicates dropped (the first kept), in the order given. */
export const defectList = z
  .array(defectRef)
  .max(MAX_DEFECTS, `At most ${MAX_DEFECTS} defects`)
  .transform((list) => [...new Set(list)])
  .describe(
    `Defects the result links to, up to ${MAX_DEFECTS}: ids in the team's tracker (SHOP-123, #45; linked through the project's ` +
      `defectUrlTemplate) or http(s) URLs, each up to ${DEFECT_MAX_CHARS} characters; trimmed, duplicates dropped`,
  )
  .meta({ example: ['SHOP-123', 'https://github.com/acme/shop/issues/45'] });

/** A project's defectUrlTemplate as edits take it: an http(s) URL holding `{id}`; null clears it. */
export const defectUrlTemplate = z
  .string()
  .trim()
  .max(TEMPLATE_MAX_CHARS, `At most ${TEMPLATE_MAX_CHARS} characters`)
  .refine((t) => t.includes('{id}'), 'Must contain {id}, where the defect id goes')
  .refine((t) => isHttpUrl(t.replaceAll('{id}', 'ID-1')), 'Expected an http(s) URL, e.g. https://acme.atlassian.net/browse/{id}')
  .nullable()
  .describe(
    'Where defect ids of results link to: an http(s) URL holding {id}, e.g. https://github.com/acme/shop/issues/{id} ' +
      `(a leading # of the id is left out) or https://acme.atlassian.net/browse/{id}; up to ${TEMPLATE_MAX_CHARS} characters; null: ids are not linked`,
  );

/** A defect as reads answer it. */
export const defectLink = z
  .object({
    id: z.string().describe('The defect id or URL, as recorded'),
    url: z.string().nullable().describe("Its link: the URL itself, or the id in the project's defectUrlTemplate; null without a template"),
  })
  .meta({ id: 'DefectLink' });
export type DefectLink = z.infer<typeof defectLink>;

/** The link of one defect under `template` (the rule defectLinksSql applies in the database). */
export function defectUrl(id: string, template: string | null): string | null {
  if (HTTP_URL.test(id)) return id;
  return template === null ? null : template.replaceAll('{id}', id.replace(/^#+/, ''));
}

export const defectLinks = (ids: readonly string[], template: string | null): DefectLink[] =>
  ids.map((id) => ({ id, url: defectUrl(id, template) }));

/**
 * SQL (a json expression) of the links of a text[] of defects (`defects`, a column) under a
 * template (`template`, a text expression): defectUrl's rule, for reads built in the database.
 */
export const defectLinksSql = (defects: string, template: string): string =>
  `CASE WHEN coalesce(cardinality(${defects}), 0) = 0 THEN '[]'::json ELSE (
    SELECT json_agg(json_build_object('id', d.id, 'url', ${defectUrlSql('d.id', template)}) ORDER BY d.n)
    FROM unnest(${defects}) WITH ORDINALITY AS d(id, n)) END`;

/** SQL (text) of the link of one defect `id` (a text expression) under `template`. */
export const defectUrlSql = (id: string, template: string): string =>
  `CASE WHEN ${id} ~* '^https?://' THEN ${id} ELSE replace(${template}, '{id}', ltrim(${id}, '#')) END`;

/** Defects as one parameter: each list as JSON text (PostgreSQL arrays cannot be ragged), null for none. */
export const defectsParam = (lists: readonly (readonly string[] | undefined)[]): (string | null)[] =>
  lists.map((l) => (l && l.length ? JSON.stringify(l) : null));

/** SQL turning one element of defectsParam (a text expression) back into a text[]. */
export const defectsFromParam = (json: string): string =>
  `CASE WHEN ${json} IS NULL THEN '{}'::text[] ELSE ARRAY(SELECT json_array_elements_text(${json}::json)) END`;

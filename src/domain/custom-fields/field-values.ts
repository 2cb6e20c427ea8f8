import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../core/errors';
import type { FieldTarget } from './custom-fields.schemas';
import type { FieldValue } from './field-value.schemas';
import { listFieldDefs, projectMemberIds, type FieldDef } from './data';

// Custom field values checked against their fields: each value by its field's type and
// options, keys the project's fields of the right kind (tests' or results'), required
// fields given (their default at create). One read of the fields per request, however many items.

export const TEXT_MAX = 1000;
export const TEXTAREA_MAX = 10000;
const URL_MAX = 2000;

/** Faults named in one message; a bad 5000-item batch stays readable. */
const MAX_NAMED = 20;
const listOf = (errors: string[]) =>
  errors.length <= MAX_NAMED ? errors.join('; ') : `${errors.slice(0, MAX_NAMED).join('; ')}; and ${errors.length - MAX_NAMED} more`;

/** Values by key as a write gives them: null clears one. */
export type ValuesInput = Record<string, FieldValue | null>;

/** A real calendar day written YYYY-MM-DD (no 2026-02-30). */
export const isRealDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

function isHttpUrl(s: string) {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const text = (max: number) => (v: FieldValue) =>
  typeof v !== 'string'
    ? 'Expected a string'
    : v.trim() === ''
      ? 'Must not be empty (null clears it)'
      : v.length > max
        ? `At most ${max} characters`
        : undefined;

/** Why a value does not fit its field's type and options (undefined: it does); user ids are checked by the caller. */
const faultOf: Record<FieldDef['type'], (v: FieldValue, f: Pick<FieldDef, 'options'>) => string | undefined> = {
  text: text(TEXT_MAX),
  textarea: text(TEXTAREA_MAX),
  number: (v) => (typeof v === 'number' && Number.isFinite(v) ? undefined : 'Expected a number'),
  checkbox: (v) => (typeof v === 'boolean' ? undefined : 'Expected true or false'),
  date: (v) => (typeof v === 'string' && isRealDate(v) ? undefined : 'Expected a date YYYY-MM-DD'),
  url: (v) =>
    typeof v === 'string' && v.length <= URL_MAX && isHttpUrl(v) ? undefined : `Expected an http(s) URL of at most ${URL_MAX} characters`,
  select: (v, f) => (typeof v === 'string' && f.options.includes(v) ? undefined : `Expected one of ${quoted(f.options)}`),
  multiselect: (v, f) => {
    if (!Array.isArray(v)) return `Expected an array of ${quoted(f.options)}`;
    const other = v.find((o) => !f.options.includes(o));
    if (other !== undefined) return `"${other}" is not one of ${quoted(f.options)}`;
    if (new Set(v).size !== v.length) return 'Each option at most once';
    return undefined;
  },
  user: (v) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2147483647 ? undefined : 'Expected a user id'),
};
const quoted = (options: string[]) => options.map((o) => `"${o}"`).join(', ') || '(no options)';

/** Why the value does not fit the field, apart from a user's membership. */
export const valueFault = (field: Pick<FieldDef, 'type' | 'options'>, value: FieldValue): string | undefined =>
  faultOf[field.type](value, field);

/** One item of a write: where its values sit in the request (`tests.3.customFields`), and whether it creates the test or result. */
export interface ValuesItem {
  at: string;
  values: ValuesInput | undefined;
  create: boolean;
}

/**
 * Checks each item's values against `fields` (the project's, of every kind) and returns
 * them with defaults filled in at create (undefined where an item gives none and needs
 * none). Any fault is one 400 naming every bad value, so nothing of the request is written.
 */
export async function checkValues(db: DbOrTx, projectId: number, appliesTo: FieldTarget, fields: FieldDef[], items: ValuesItem[]) {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const mine = fields.filter((f) => f.appliesTo === appliesTo);
  const errors: string[] = [];
  const users: { at: string; id: number }[] = [];
  const out = items.map(({ at, values, create }) => {
    const result: ValuesInput = { ...(values ?? {}) };
    for (const [key, value] of Object.entries(result)) {
      const field = byKey.get(key);
      const where = `${at}.${key}`;
      if (!field) errors.push(`${where}: No such custom field in the project (GET /custom-fields)`);
      else if (field.appliesTo !== appliesTo) errors.push(`${where}: A field of ${field.appliesTo}s, not of ${appliesTo}s`);
      else if (value === null) {
        if (field.required) errors.push(`${where}: Required; it cannot be cleared`);
        else if (create) delete result[key];
      } else {
        const fault = valueFault(field, value);
        if (fault) errors.push(`${where}: ${fault}`);
        else if (field.type === 'user') users.push({ at: where, id: value as number });
      }
    }
    if (create)
      for (const field of mine)
        if (result[field.key] === undefined) {
          if (field.defaultValue !== null) result[field.key] = field.defaultValue;
          else if (field.required) errors.push(`${at}.${field.key}: Required, and the field has no default`);
        }
    return Object.keys(result).length > 0 || values !== undefined ? result : undefined;
  });
  if (users.length > 0) {
    const members = await projectMemberIds(
      db,
      projectId,
      users.map((u) => u.id),
    );
    for (const u of users) if (!members.has(u.id)) errors.push(`${u.at}: User ${u.id} is not a member of the project's organization`);
  }
  if (errors.length > 0) throw badRequest(listOf(errors));
  return out;
}

/**
 * checkValues for the items of one request, each in its project (a bulk update may span
 * several): each project's fields read once; all faults of all items in one 400.
 */
export async function checkItemValues(db: DbOrTx, appliesTo: FieldTarget, items: (ValuesItem & { projectId: number })[]) {
  const out: (ValuesInput | undefined)[] = items.map(() => undefined);
  const byProject = new Map<number, number[]>();
  items.forEach((item, i) => {
    if (item.values === undefined && !item.create) return;
    byProject.set(item.projectId, [...(byProject.get(item.projectId) ?? []), i]);
  });
  const errors: string[] = [];
  for (const [projectId, indexes] of byProject) {
    const fields = await listFieldDefs(db, projectId);
    try {
      const checked = await checkValues(
        db,
        projectId,
        appliesTo,
        fields,
        indexes.map((i) => items[i]),
      );
      indexes.forEach((i, n) => (out[i] = checked[n]));
    } catch (err) {
      errors.push((err as Error).message.replace(/^Invalid request: /, ''));
    }
  }
  if (errors.length > 0) throw badRequest(errors.join('; '));
  return out;
}

// Two versions of a record's fields after a save met someone else's: which fields differ, and
// the record the person chose, field by field. Plain data: the screens show and send it.

export type Side = 'mine' | 'theirs';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose values differ between the two versions, in the order of `fields`. */
export function differingFields<F extends object>(fields: readonly (keyof F)[], mine: F, theirs: F): (keyof F)[] {
  return fields.filter((field) => !same(mine[field], theirs[field]));
}

/** `theirs`, with each field chosen as mine taken from `mine`; a field not chosen stays theirs. */
export function mergeFields<F extends object>(mine: F, theirs: F, choice: Partial<Record<keyof F, Side>>): F {
  const merged = { ...theirs };
  for (const field of Object.keys(choice) as (keyof F)[]) if (choice[field] === 'mine') merged[field] = mine[field];
  return merged;
}

/** Every field on one side. */
export const allOn = <F extends object>(fields: readonly (keyof F)[], side: Side): Partial<Record<keyof F, Side>> =>
  Object.fromEntries(fields.map((field) => [field, side])) as Partial<Record<keyof F, Side>>;

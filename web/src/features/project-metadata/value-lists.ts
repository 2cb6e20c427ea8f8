// The lists the metadata page administers: a project's labels and squads, and its five
// lookup lists (as api/get-lookups.ts names them), with the words the page uses for each.
// No import of the API client: the fast tier tests this module without a DOM.

export type ValueListId = 'labels' | 'squads' | 'priority' | 'type' | 'automationStatus' | 'platform' | 'testCoveredBy';

export interface ValueList {
  id: ValueListId;
  heading: string;
  /** One value, in a sentence: "Rename priority High". */
  noun: string;
}

export const VALUE_LISTS: readonly ValueList[] = [
  { id: 'labels', heading: 'Labels', noun: 'label' },
  { id: 'squads', heading: 'Squads', noun: 'squad' },
  { id: 'priority', heading: 'Priorities', noun: 'priority' },
  { id: 'type', heading: 'Types', noun: 'type' },
  { id: 'automationStatus', heading: 'Automation statuses', noun: 'automation status' },
  { id: 'platform', heading: 'Platforms', noun: 'platform' },
  { id: 'testCoveredBy', heading: 'Covered by', noun: 'coverage kind' },
];

/** A value as the page shows it, whatever its list calls its fields. */
export interface Value {
  id: number;
  name: string;
}

/**
 * The value already named `name` (trimmed, ignoring case), other than `exceptId`: the server
 * refuses such a rename, and adding a label or squad that exists returns the existing one, so
 * the page says so before sending.
 */
export function sameName(values: readonly Value[], name: string, exceptId?: number): Value | undefined {
  const key = name.trim().toLowerCase();
  return values.find((v) => v.id !== exceptId && v.name.toLowerCase() === key);
}

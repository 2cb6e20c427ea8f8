// A type, not an interface: it must fit the field records the conflict rows compare.
/** A name and an optional description as the API takes them. */
export type NamedFields = { name: string; description: string | null };

/** The form's text as the API takes it: trimmed, an empty description is none. */
export function namedFields(name: string, description: string): NamedFields {
  return { name: name.trim(), description: description.trim() || null };
}

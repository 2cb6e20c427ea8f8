/** The edit/create form's fields as the API takes them: trimmed, an empty description is none. */
export function projectFields(name: string, description: string) {
  return { projectName: name.trim(), projectDescription: description.trim() || null };
}

// A milestone's form without React: the draft the inputs edit, what a create or an edit sends
// (an edit only the fields that changed; an emptied field is null, which clears it), the check
// the server makes of the dates, and how a milestone's dates read.

export interface MilestoneDraft {
  name: string;
  description: string;
  /** YYYY-MM-DD as a date input gives it; '' for none. */
  startDate: string;
  dueDate: string;
  parentId: number | null;
}

interface Stored {
  name: string;
  description: string | null;
  startDate: string | null;
  dueDate: string | null;
  parentId: number | null;
}

export const emptyDraft: MilestoneDraft = { name: '', description: '', startDate: '', dueDate: '', parentId: null };

export const draftOf = (m: Stored): MilestoneDraft => ({
  name: m.name,
  description: m.description ?? '',
  startDate: m.startDate ?? '',
  dueDate: m.dueDate ?? '',
  parentId: m.parentId,
});

/** The server's rule, checked before sending: a due date is not before the start. */
export const datesProblem = (d: MilestoneDraft): string | null =>
  d.startDate && d.dueDate && d.dueDate < d.startDate ? 'The due date must not be before the start date.' : null;

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** The fields of a new milestone: empty ones left out. */
export function createFields(d: MilestoneDraft) {
  return {
    name: d.name.trim(),
    ...(d.description.trim() ? { description: d.description } : {}),
    ...(d.startDate ? { startDate: d.startDate } : {}),
    ...(d.dueDate ? { dueDate: d.dueDate } : {}),
    ...(d.parentId !== null ? { parentId: d.parentId } : {}),
  };
}

/** The fields an edit changes; emptied ones are null. Empty when nothing changed. */
export function changedFields(before: MilestoneDraft, after: MilestoneDraft) {
  const out: { name?: string; description?: string | null; startDate?: string | null; dueDate?: string | null; parentId?: number | null } =
    {};
  if (after.name.trim() !== before.name) out.name = after.name.trim();
  if (after.description !== before.description) out.description = orNull(after.description);
  if (after.startDate !== before.startDate) out.startDate = orNull(after.startDate);
  if (after.dueDate !== before.dueDate) out.dueDate = orNull(after.dueDate);
  if (after.parentId !== before.parentId) out.parentId = after.parentId;
  return out;
}

/** The milestones that may be `self`'s parent: top-level ones other than itself (none when it has sub-milestones). */
export function parentChoices<M extends { milestoneId: number; parentId: number | null; name: string }>(
  all: readonly M[],
  self?: { milestoneId: number; hasChildren: boolean },
) {
  if (self?.hasChildren) return [];
  return all.filter((m) => m.parentId === null && m.milestoneId !== self?.milestoneId).map((m) => ({ id: m.milestoneId, name: m.name }));
}

/** `Completed 2026-12-14`, `Overdue: due 2026-12-15`, `Due 2026-12-15`, `No due date`. */
export function dueText(m: { status: string; overdue: boolean; dueDate: string | null; completedAt: string | null }): string {
  if (m.status === 'completed') return `Completed ${m.completedAt?.slice(0, 10) ?? ''}`.trim();
  if (!m.dueDate) return 'No due date';
  return m.overdue ? `Overdue: due ${m.dueDate}` : `Due ${m.dueDate}`;
}

/** Passed results, percent of all, one decimal. */
export const passRateText = (c: { passed: number; total: number }) =>
  `${c.total === 0 ? 0 : Math.round((c.passed / c.total) * 1000) / 10}% passed`;

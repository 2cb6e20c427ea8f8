import type { RequestContext } from '../../core/context';
import { requireProject } from '../access';
import { ACTIVITY_KINDS, type ActivityKind, type ActivityQuery, type ProjectActivity } from './activity.schemas';
import { activityRows } from './data';

// GET /project/activity: who created, changed, deleted or ran what in a project over a span,
// by person and kind, each group its latest records by title and the count of the rest.

type Person = ProjectActivity['people'][number];
type Group = Person['kinds'][number];

const kindOrder = new Map<string, number>(ACTIVITY_KINDS.map((kind, i) => [kind, i]));

export async function projectActivity(ctx: RequestContext, q: ActivityQuery): Promise<ProjectActivity> {
  const project = await requireProject(ctx, q.projectId);
  const until = q.until ?? new Date();
  const rows = await activityRows(ctx.db, {
    projectId: q.projectId,
    orgId: project.orgId,
    since: q.since,
    until,
    userId: q.userId,
    perKind: q.perKind,
    people: q.people,
  });
  const people = new Map<number | null, Person>();
  const groups = new Map<string, Group>();
  for (const row of rows) {
    let person = people.get(row.userId);
    if (!person) {
      person = { userId: row.userId, userName: row.userName, total: row.personTotal, kinds: [] };
      people.set(row.userId, person);
    }
    const key = `${row.userId}:${row.kind}`;
    let group = groups.get(key);
    if (!group) {
      group = { kind: row.kind as ActivityKind, count: row.kindCount, subjects: row.subjects, items: [], more: row.subjects };
      groups.set(key, group);
      person.kinds.push(group);
    }
    group.items.push({ id: row.id, title: row.title, count: row.count, at: row.at, ...(row.extra ?? {}) });
    group.more -= 1;
  }
  for (const person of people.values()) person.kinds.sort((a, b) => kindOrder.get(a.kind)! - kindOrder.get(b.kind)!);
  const first = rows[0];
  return {
    projectId: q.projectId,
    since: q.since.toISOString(),
    until: until.toISOString(),
    total: first?.total ?? 0,
    people: [...people.values()],
    morePeople: first ? first.peopleCount - people.size : 0,
  };
}

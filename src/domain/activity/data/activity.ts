import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { isoUtc } from '../../test-cases/data/columns';
import { PROJECT_AUDIT_ACTIONS } from '../activity.schemas';

// Who did what in a project over a span, in one statement over three records of it: the tests'
// rows and versions (created, changed), the runs' rows and result history (created, results),
// and the audit log (deletions, locks, resets). Each source is narrowed by an index or a column
// that moves with it before the span is read: live tests by (project, updated_at), changed tests
// by their version number, runs by results_at, the log by its organization.

export interface ActivityRow {
  userId: number | null;
  userName: string | null;
  kind: string;
  id: number | null;
  title: string | null;
  count: number;
  at: string;
  extra: { fields?: string[]; statuses?: Record<string, number> } | null;
  /** Of the person and kind: acts, distinct records. */
  kindCount: number;
  subjects: number;
  /** Of the person: acts of every kind, and their rank by it (1: most active). */
  personTotal: number;
  personRank: number;
  /** Of everyone: acts, people. */
  total: number;
  peopleCount: number;
}

export interface ActivitySpan {
  projectId: number;
  orgId: number;
  since: Date;
  until: Date;
  userId?: number;
  perKind: number;
  people: number;
}

/** The activity's rows: the first `perKind` records of each person and kind (newest first) of the `people` most active, with the counts of all. */
export async function activityRows(db: DbOrTx, s: ActivitySpan): Promise<ActivityRow[]> {
  const inSpan = (column: string) => Prisma.sql`${Prisma.raw(column)} >= ${s.since} AND ${Prisma.raw(column)} < ${s.until}`;
  return db.$queryRaw<ActivityRow[]>`
    WITH audit AS (
      -- The log's entries of the project from since on (past until too: a test deleted later was still created in the span).
      -- A bulk deletion of tests is one entry naming them all: one act per test.
      SELECT a.actor_id, a.action, a.target_type, a.detail, a.created_at, s.id
        FROM audit_events a
        CROSS JOIN LATERAL (
          SELECT x::int AS id FROM jsonb_array_elements_text(
            CASE WHEN a.target_id IS NULL AND jsonb_typeof(a.detail->'testIds') = 'array' THEN a.detail->'testIds'
                 ELSE jsonb_build_array(a.target_id) END) AS x) s
       WHERE a.org_id = ${s.orgId} AND a.created_at >= ${s.since} AND a.action = ANY(${[...PROJECT_AUDIT_ACTIONS]}::text[])
         AND (a.detail->>'projectId' = ${String(s.projectId)}
              -- Entries of a plan's locks name the plan alone.
              OR (a.target_type = 'plan' AND a.target_id IN (SELECT pl.id FROM plans pl WHERE pl.project_id = ${s.projectId})))
    ),
    ev AS (
      -- Tests created: the live ones by the (project, updated_at) index, the deleted ones by their deletion's entry.
      SELECT t.created_by AS user_id, 'test.created' AS kind, t.id, t.title, t.created_at AS at, 1 AS n, NULL::jsonb AS extra
        FROM tests t
       WHERE t.project_id = ${s.projectId} AND t.deleted_at IS NULL AND t.updated_at >= ${s.since} AND ${inSpan('t.created_at')}
      UNION ALL
      SELECT t.created_by, 'test.created', t.id, t.title, t.created_at, 1, NULL
        FROM tests t
       WHERE t.id IN (SELECT a.id FROM audit a WHERE a.action = 'test.deleted') AND t.project_id = ${s.projectId}
         AND ${inSpan('t.created_at')}
      UNION ALL
      -- A version 1 is the test as created (by its creator), so changes are the versions after it.
      SELECT v.user_id, 'test.changed', t.id, t.title, max(v.created_at), count(DISTINCT v.version)::int,
             jsonb_build_object('fields', coalesce(jsonb_agg(DISTINCT f.name) FILTER (WHERE f.name IS NOT NULL), '[]'::jsonb))
        FROM tests t
        JOIN test_versions v ON v.test_id = t.id AND v.version >= 2
        LEFT JOIN LATERAL unnest(v.changed_fields) AS f(name) ON true
       WHERE t.project_id = ${s.projectId} AND t.version >= 2 AND ${inSpan('v.created_at')}
       GROUP BY v.user_id, t.id, t.title
      UNION ALL
      SELECT r.created_by, 'run.created', r.id, r.name, r.created_at, 1, NULL
        FROM runs r WHERE r.project_id = ${s.projectId} AND ${inSpan('r.created_at')}
      UNION ALL
      SELECT h.user_id, 'run.results', h.run_id, min(h.name), max(h.at), sum(h.n)::int, jsonb_build_object('statuses', jsonb_object_agg(h.status, h.n))
        FROM (SELECT h.user_id, h.run_id, r.name, h.status::text AS status, max(h.created_at) AS at, count(*)::int AS n
                FROM runs r JOIN status_history h ON h.run_id = r.id
               WHERE r.project_id = ${s.projectId} AND r.results_at >= ${s.since} AND ${inSpan('h.created_at')}
                 -- A test entering a run is untested: that is the run's making (or adding tests), not a result.
                 AND h.status <> 'untested'
               GROUP BY h.user_id, h.run_id, r.name, h.status) h
       GROUP BY h.user_id, h.run_id
      UNION ALL
      SELECT a.actor_id, a.action, a.id,
             CASE a.target_type
               WHEN 'test' THEN (SELECT t.title FROM tests t WHERE t.id = a.id AND t.project_id = ${s.projectId})
               WHEN 'run' THEN coalesce(a.detail->>'runName', (SELECT r.name FROM runs r WHERE r.id = a.id))
               WHEN 'plan' THEN coalesce(a.detail->>'name', (SELECT pl.name FROM plans pl WHERE pl.id = a.id))
               ELSE coalesce(a.detail->>'name', a.detail->>'sectionName', a.detail->>'key')
             END,
             a.created_at, 1, NULL
        FROM audit a WHERE a.created_at < ${s.until}
    ),
    mine AS (SELECT * FROM ev WHERE ${s.userId === undefined ? Prisma.sql`true` : Prisma.sql`user_id = ${s.userId}`}),
    subject AS (
      SELECT user_id, kind, id, min(title) AS title, sum(n)::int AS n, max(at) AS at, (array_agg(extra))[1] AS extra
        FROM mine GROUP BY user_id, kind, id),
    ranked AS (
      SELECT s.*,
             row_number() OVER (PARTITION BY user_id, kind ORDER BY at DESC, id DESC) AS rn,
             sum(n) OVER (PARTITION BY user_id, kind)::int AS kind_count,
             count(*) OVER (PARTITION BY user_id, kind)::int AS subjects,
             sum(n) OVER (PARTITION BY user_id)::int AS person_total,
             sum(n) OVER ()::int AS total
        FROM subject s),
    person AS (
      SELECT user_id, dense_rank() OVER (ORDER BY person_total DESC, user_id NULLS LAST) AS rank,
             count(*) OVER ()::int AS people
        FROM (SELECT DISTINCT user_id, person_total FROM ranked) p)
    SELECT r.user_id AS "userId", u.name AS "userName", r.kind, r.id, r.title, r.n AS count,
           ${Prisma.raw(isoUtc('r.at'))} AS at, r.extra, r.kind_count AS "kindCount", r.subjects,
           r.person_total AS "personTotal", p.rank::int AS "personRank", r.total, p.people AS "peopleCount"
      FROM ranked r
      JOIN person p ON p.user_id IS NOT DISTINCT FROM r.user_id
      LEFT JOIN users u ON u.id = r.user_id
     WHERE r.rn <= ${s.perKind} AND p.rank <= ${s.people}
     ORDER BY p.rank, r.kind, r.rn`;
}

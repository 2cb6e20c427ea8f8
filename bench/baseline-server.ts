/**
 * The hand-written side of `npm run bench` (bench/compare.ts): a minimal Express + pg
 * server answering GET /api/v1/project/tests and GET /api/v1/run/tests with the best
 * known SQL, in Casebook's JSON shape, on Casebook's database. It does the same work
 * per request as Casebook (a Bearer token checked by its hash, the caller's
 * organizations, the page in the caller's scope, gzip) and nothing else: no RBAC, no
 * logging, no schema validation, no ETag. The ids of the page come first from an
 * index-only scan, then the records with their labels are built for those ids alone.
 * Open runs only (a locked run's snapshot is not read): the bench's run is open.
 *
 * Environment: DATABASE_URL, DATABASE_POOL_SIZE (default 20), PORT, HOST.
 */
import crypto from 'node:crypto';
import compression from 'compression';
import express, { type Request, type Response } from 'express';
import { Pool } from 'pg';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 20) });

// One round trip: the token's owner's organizations, if the token is live.
const credentialSql = `
  SELECT ARRAY(SELECT m.org_id FROM memberships m WHERE m.user_id = t.user_id) AS "orgIds"
    FROM api_tokens t
   WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())`;

const iso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// A test's steps: its text, or its list with shared steps expanded as they are now.
const steps = `CASE WHEN t.step_list IS NULL THEN to_jsonb(t.steps) ELSE (
    SELECT jsonb_agg(CASE WHEN x.e ? 'sharedStepsId' THEN jsonb_build_object('sharedStepsId', (x.e->>'sharedStepsId')::int,
             'name', coalesce(ss.name, '(deleted)'), 'steps', coalesce(ss.steps, '[]'::jsonb)) ELSE x.e END ORDER BY x.n)
      FROM jsonb_array_elements(t.step_list) WITH ORDINALITY AS x(e, n)
      LEFT JOIN shared_steps ss ON ss.id = (x.e->>'sharedStepsId')::int) END`;

// $1 project, $2 limit, $3 offset, $4 cursor (the last id seen, 0 for none), $5 the caller's organizations.
// The total is the project's kept count of live tests (no filter narrows the page here).
// One id beyond the page tells whether there is a next one. The ids come in order from the
// partial index on (project_id, id) WHERE deleted_at IS NULL, index-only.
// LIMIT and OFFSET are read through subqueries, as Casebook's are (src/db/page-limits.ts): the
// statement's generic plan is kept instead of a plan made anew at each execution of an early page.
const catalogSql = `
  WITH page AS MATERIALIZED (
    SELECT ARRAY(SELECT t.id FROM tests t WHERE t.project_id = $1 AND t.deleted_at IS NULL AND t.id > $4::int
                  ORDER BY t.id LIMIT (SELECT $2::int + 1) OFFSET (SELECT $3::int)) AS ids)
  SELECT p.live_test_count AS total,
         (SELECT coalesce(json_agg(r ORDER BY r."testId"), '[]')::text FROM (
            SELECT t.id AS "testId", t.project_id AS "projectId", t.title, t.description AS "testDescription",
                   t.preconditions, ${steps} AS steps, t.expected_result AS "expectedResult", t.section_id AS "sectionId",
                   t.priority_id AS "priorityId", t.type_id AS "typeId", t.automation_status_id AS "automationStatusId",
                   t.platform_id AS "platformId", t.test_covered_by_id AS "testCoveredById", t.squad_id AS "squadId",
                   t.automation_key AS "automationKey",
                   ARRAY(SELECT l.label_id FROM test_labels l WHERE l.test_id = t.id ORDER BY l.label_id) AS labels,
                   t.custom_fields AS "customFields", GREATEST(t.version, 1) AS version, t.created_by AS "createdBy",
                   t.updated_by AS "updatedBy", ${iso('t.created_at')} AS "createdAt", ${iso('t.updated_at')} AS "updatedAt"
              FROM tests t WHERE t.id = ANY(page.ids[1:$2::int])) r) AS tests,
         CASE WHEN cardinality(page.ids) > $2::int THEN page.ids[$2::int] END AS next
    FROM projects p, page
   WHERE p.id = $1 AND p.org_id = ANY($5::int[])`;

// A result's defects with their links under the project's template (none: no link).
const defects = `CASE WHEN cardinality(rt.defects) = 0 THEN '[]'::json ELSE (
    SELECT json_agg(json_build_object('id', d.id, 'url', CASE WHEN d.id ~* '^https?://' THEN d.id
                      ELSE replace(p.defect_url_template, '{id}', ltrim(d.id, '#')) END) ORDER BY d.n)
      FROM unnest(rt.defects) WITH ORDINALITY AS d(id, n)) END`;

// $1 run, $2 project, $3 limit, $4 offset, $5 cursor, $6 the caller's organizations. The total is the run's counters.
const runTestsSql = `
  WITH page AS MATERIALIZED (
    SELECT ARRAY(SELECT rt.test_id FROM run_tests rt WHERE rt.run_id = $1 AND rt.test_id > $5::int
                  ORDER BY rt.test_id LIMIT (SELECT $3::int + 1) OFFSET (SELECT $4::int)) AS ids)
  SELECT (r.passed_count + r.failed_count + r.blocked_count + r.retest_count + r.untested_count) AS total,
         (SELECT coalesce(json_agg(json_build_object(
                   'runId', rt.run_id, 'testId', rt.test_id, 'projectId', t.project_id, 'title', t.title,
                   'sectionId', t.section_id, 'priorityId', t.priority_id, 'typeId', t.type_id,
                   'automationStatusId', t.automation_status_id, 'squadId', t.squad_id, 'status', rt.status,
                   'comment', rt.comment, 'elapsedMs', rt.elapsed_ms, 'retries', rt.retries, 'flakyInRun', rt.flaky_in_run,
                   'defects', ${defects}, 'updatedBy', rt.updated_by, 'updatedAt', ${iso('rt.updated_at')},
                   'assigneeId', rt.assignee_id, 'deleted', t.deleted_at IS NOT NULL, 'snapshot', NULL,
                   'attachmentCount', coalesce(ac.n, 0)
                 ) ORDER BY rt.test_id), '[]')::text
            FROM run_tests rt JOIN tests t ON t.id = rt.test_id
            LEFT JOIN (SELECT a.test_id, count(*)::int AS n FROM attachments a
                        WHERE a.run_id = $1 AND a.test_id = ANY(page.ids[1:$3::int]) GROUP BY a.test_id) ac ON ac.test_id = rt.test_id
           WHERE rt.run_id = $1 AND rt.test_id = ANY(page.ids[1:$3::int])) AS tests,
         CASE WHEN cardinality(page.ids) > $3::int THEN page.ids[$3::int] END AS next
    FROM runs r JOIN projects p ON p.id = r.project_id, page
   WHERE r.id = $1 AND r.project_id = $2 AND p.org_id = ANY($6::int[])`;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(res: Response, status: number, body: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(body);
}

/** The caller's organizations from the Bearer token; 401 without a live one. */
async function orgIdsOf(req: Request): Promise<number[]> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!match) throw new HttpError(401, 'Authentication required');
  const hash = crypto.createHash('sha256').update(match[1]).digest('hex');
  const { rows } = await pool.query<{ orgIds: number[] }>({ name: 'credential', text: credentialSql, values: [hash] });
  if (rows.length === 0) throw new HttpError(401, 'Authentication required');
  return rows[0].orgIds;
}

function intParam(req: Request, name: string, fallback: number | undefined, min: number, max: number): number {
  const raw = req.query[name];
  if (raw === undefined && fallback !== undefined) return fallback;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) throw new HttpError(400, `${name}: must be an integer from ${min} to ${max}`);
  return n;
}

/** A page as Casebook answers it: `{ data: { tests, total, limit, offset, nextCursor }, status }`, the tests spliced in as PostgreSQL wrote them. */
function page(
  res: Response,
  row: { total: number; tests: string; next: number | null } | undefined,
  limit: number,
  offset: number,
  what: string,
) {
  if (!row) throw new HttpError(404, `${what} not found`);
  const next = row.next === null ? 'null' : `"${row.next}"`;
  sendJson(
    res,
    200,
    `{"data":{"tests":${row.tests},"total":${row.total},"limit":${limit},"offset":${offset},"nextCursor":${next}},"status":200}`,
  );
}

type Handler = (req: Request, res: Response) => Promise<void>;
const handle =
  (fn: Handler) =>
  (req: Request, res: Response): void => {
    fn(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      if (status === 500 && !stopping) console.error(err);
      sendJson(res, status, JSON.stringify({ error: err instanceof Error ? err.message : String(err), status }));
    });
  };

const maxId = 2_147_483_647;
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.use(compression());

app.get('/readyz', (_req, res) => sendJson(res, 200, '{"status":"ok"}'));

app.get(
  '/api/v1/project/tests',
  handle(async (req, res) => {
    const orgIds = await orgIdsOf(req);
    const projectId = intParam(req, 'projectId', undefined, 1, maxId);
    const limit = intParam(req, 'limit', 100, 1, 1000);
    const offset = intParam(req, 'offset', 0, 0, maxId);
    const cursor = intParam(req, 'cursor', 0, 0, maxId);
    const { rows } = await pool.query({ name: 'catalog', text: catalogSql, values: [projectId, limit, offset, cursor, orgIds] });
    page(res, rows[0], limit, offset, 'Project');
  }),
);

app.get(
  '/api/v1/run/tests',
  handle(async (req, res) => {
    const orgIds = await orgIdsOf(req);
    const runId = intParam(req, 'runId', undefined, 1, maxId);
    const projectId = intParam(req, 'projectId', undefined, 1, maxId);
    const limit = intParam(req, 'limit', 100, 1, 1000);
    const offset = intParam(req, 'offset', 0, 0, maxId);
    const cursor = intParam(req, 'cursor', 0, 0, maxId);
    const { rows } = await pool.query({ name: 'run-tests', text: runTestsSql, values: [runId, projectId, limit, offset, cursor, orgIds] });
    page(res, rows[0], limit, offset, 'Run');
  }),
);

const server = app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
});

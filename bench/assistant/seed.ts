/**
 * The project the assistant bench works on, seeded once per run: a shop's catalog of
 * a few hundred tests in a three-level section tree with labels and priorities, RUNS nightly
 * runs (the last six in a milestone, MILESTONE) where some tests flip between passed and
 * failed, some always fail with one of four errors and some never run. Everything up to
 * there is moved back in time (runs one a day, the catalog 40 days old); then two
 * members change things today: Ann creates, edits and deletes tests, Bo retests failures
 * of the latest nightly and edits tests. Tests and runs go through the REST API, so versions,
 * history and the audit log are what the app itself writes.
 */
import { Client } from 'pg';
import type { Database } from '../../src/db/client';
import { defaultLookupRows } from '../../src/domain/lookups/lookup-defaults';
import { issueToken } from '../../src/domain/tokens/tokens.service';
import { seedMember } from '../support';

export const PROJECT_NAME = 'Webshop';
export const RUNS = 30;
export const TESTS = 360;
export const MILESTONE = 'Release 2.4';
const TREE: Record<string, Record<string, string[]>> = {
  Checkout: { Cart: ['Coupons', 'Quantities'], Payments: ['Cards', 'Invoices'], Shipping: ['Rates', 'Addresses'] },
  Catalog: { Search: ['Filters', 'Suggestions'], Products: ['Variants', 'Reviews'], Categories: ['Navigation', 'Banners'] },
  Accounts: { Login: ['Passwords', 'SSO'], Profile: ['Addresses', 'Preferences'], Orders: ['History', 'Returns'] },
  Admin: { Inventory: ['Stock', 'Imports'], Pricing: ['Discounts', 'Taxes'], Reports: ['Sales', 'Exports'] },
};
export const SECTIONS = Object.values(TREE).reduce(
  (n, features) => n + 1 + Object.values(features).reduce((m, leaves) => m + 1 + leaves.length, 0),
  0,
);
export const LABELS = ['smoke', 'regression', 'payments', 'mobile', 'api', 'slow'];
const ERRORS = [
  'TimeoutError: waiting for selector "#pay-button" failed: timeout 5000ms exceeded',
  'AssertionError: expected order total 42.00 but got 41.99',
  'HTTP 502 Bad Gateway from payments sandbox (POST /v1/charges)',
  'ElementNotInteractableError: element <button#submit> is covered by <div.cookie-banner>',
];
const VERBS = ['shows', 'saves', 'rejects', 'updates', 'lists', 'sorts', 'validates', 'exports', 'restores'];
const THINGS = ['the empty state', 'a long name', 'an expired session', 'two tabs at once', 'a slow network', 'a mobile viewport'];

export interface Seeded {
  projectId: number;
  orgId: number;
  /** Ann, an Admin: the assistant acts with her token. */
  token: string;
  /** Bo, a User of the same organization. */
  boToken: string;
}

/** Who the bench members are, and the project with its lookups and section tree (Prisma; no API needed yet). */
export async function seedStructure(db: Pick<Database, 'prisma'>) {
  const p = db.prisma;
  const ann = await seedMember(p, 'Assistant bench', 'Admin');
  await p.user.update({ where: { userId: ann.userId }, data: { name: 'Ann Admin' } });
  const bo = await p.user.create({
    data: { email: 'bo@example.test', name: 'Bo Tester', memberships: { create: { orgId: ann.orgId, role: 'User' } } },
  });
  const { token: boToken } = await issueToken(p, bo.userId, 'bench');
  const project = await p.project.create({ data: { orgId: ann.orgId, projectName: PROJECT_NAME, createdBy: ann.userId } });
  const projectId = project.projectId;
  await p.lookupEntry.createMany({ data: defaultLookupRows(projectId) });
  for (const [area, features] of Object.entries(TREE)) {
    const top = await p.section.create({ data: { projectId, sectionName: area } });
    for (const [feature, leaves] of Object.entries(features)) {
      const mid = await p.section.create({ data: { projectId, sectionName: feature, parentSectionId: top.sectionId } });
      for (const leaf of leaves) await p.section.create({ data: { projectId, sectionName: leaf, parentSectionId: mid.sectionId } });
    }
  }
  return { projectId, orgId: ann.orgId, token: ann.token, boToken };
}

/** A REST caller with one member's token; failures throw with the answer's start. */
export function restAs(base: string, token: string) {
  return async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { data: T }).data;
  };
}

type Status = 'passed' | 'failed' | 'blocked';
/** Test k's result in run n (1-based), or none: the catalog's behaviour, fixed by k and n. */
function outcome(k: number, n: number): { status: Status; comment?: string } | undefined {
  if (k % 23 === 7) return undefined; // never run
  if (k % 17 === 3) return (k + n) % 2 ? { status: 'failed', comment: ERRORS[k % ERRORS.length] } : { status: 'passed' }; // flaky
  if (k % 29 === 11) return { status: 'failed', comment: ERRORS[k % ERRORS.length] }; // broken
  if (n === RUNS && k % 13 === 5) return { status: 'failed', comment: ERRORS[(k >> 1) % ERRORS.length] }; // new in the last run
  if (k % 41 === 9) return { status: 'blocked', comment: 'Waiting for the staging data refresh' };
  return { status: 'passed' };
}

/** Tests, milestone and 30 runs through REST, moved back in time; then today's changes by Ann and Bo. */
export async function seedHistory(base: string, databaseUrl: string, s: Seeded) {
  const ann = restAs(base, s.token);
  const bo = restAs(base, s.boToken);
  const { projectId } = s;
  const sections = await ann<{ sectionId: number; parentSectionId: number | null }[]>('GET', `/sections?projectId=${projectId}`);
  const leaves = sections.filter((x) => x.parentSectionId !== null && !sections.some((y) => y.parentSectionId === x.sectionId));
  const priorities = await ann<{ id: number }[]>('GET', `/priority?projectId=${projectId}`);
  const labels = await ann<{ labelId: number }[]>('POST', '/project/add-labels', { projectId, labels: LABELS });
  const tests = Array.from({ length: TESTS }, (_, k) => ({
    title: `${VERBS[k % VERBS.length]} ${THINGS[(k >> 2) % THINGS.length]} (case ${k + 1})`,
    sectionId: leaves[k % leaves.length].sectionId,
    priorityId: priorities[k % priorities.length].id,
    labels: [labels[k % 3].labelId, ...(k % 5 === 0 ? [labels[3 + (k % 3)].labelId] : [])],
    preconditions: 'Signed in as a customer with a saved card',
    steps: [
      { action: 'Open the page', expected: 'It loads' },
      { action: 'Do the thing under test', expected: 'It works' },
      { action: 'Reload', expected: 'The change is kept' },
    ],
  }));
  const { testIds } = await ann<{ testIds: number[] }>('POST', '/test/bulk-add', { projectId, tests });
  const milestone = await ann<{ milestoneId: number }>('POST', '/milestone/create', {
    projectId,
    name: MILESTONE,
    description: 'Spring release: new checkout and search',
  });
  let lastRunId = 0;
  for (let n = 1; n <= RUNS; n++) {
    const run = await ann<{ runId: number }>('POST', '/run/create', {
      projectId,
      runName: `Nightly ${n}`,
      allTests: true,
      build: { branch: 'main', commit: `c0ffee${String(n).padStart(2, '0')}`, buildNumber: String(1000 + n) },
      ...(n > RUNS - 6 ? { milestoneId: milestone.milestoneId } : {}),
    });
    const testResults = testIds.flatMap((testId, k) => {
      const o = outcome(k, n);
      return o ? [{ testId, ...o, elapsedMs: 200 + ((k * 37 + n) % 4000) }] : [];
    });
    await ann('PUT', '/run/update-test-status', { projectId, runId: run.runId, testResults });
    lastRunId = run.runId;
  }
  await backdate(databaseUrl, projectId);

  // Today: Ann adds, edits and deletes tests; Bo retests failures of the latest nightly and edits tests.
  await ann('POST', '/test/bulk-add', {
    projectId,
    tests: ['pays with a gift card', 'pays with two gift cards', 'refunds to a gift card'].map((title) => ({
      title,
      sectionId: leaves[2].sectionId,
    })),
  });
  for (const testId of testIds.slice(20, 28)) await ann('PUT', '/test/update', { projectId, testId, priorityId: priorities[0].id });
  await ann('DELETE', '/test/bulk-delete', { projectId, testIds: testIds.slice(300, 302) });
  // Bo retests the latest nightly's failures of the payments sandbox error: most pass now.
  const failedInLast = testIds.filter((_, k) => outcome(k, RUNS)?.comment === ERRORS[2]);
  await bo('PUT', '/run/update-test-status', {
    projectId,
    runId: lastRunId,
    testResults: failedInLast
      .slice(0, 8)
      .map((testId, i) =>
        i % 3 === 2
          ? { testId, status: 'failed', comment: `${ERRORS[2]} (again after the sandbox restart)` }
          : { testId, status: 'passed', comment: 'Retested after the sandbox restart' },
      ),
  });
  for (const testId of testIds.slice(40, 46))
    await bo('PUT', '/test/update', { projectId, testId, expectedResult: 'The order is confirmed by email within a minute' });
  return { testIds, milestoneId: milestone.milestoneId };
}

/** Moves the seeded past back: the catalog 40 days, run n (RUNS - n + 1) days; digests are rebuilt on the next read. */
async function backdate(databaseUrl: string, projectId: number) {
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const age = `make_interval(days => ${RUNS + 1} - row_number() OVER (ORDER BY id)::int)`;
    await c.query(
      `WITH n AS (SELECT id, ${age} AS back FROM runs WHERE project_id = $1)
       UPDATE runs r SET created_at = r.created_at - n.back, updated_at = r.updated_at - n.back, results_at = r.results_at - n.back
       FROM n WHERE n.id = r.id`,
      [projectId],
    );
    await c.query(`UPDATE run_tests rt SET updated_at = r.results_at FROM runs r WHERE r.id = rt.run_id AND r.project_id = $1`, [
      projectId,
    ]);
    await c.query(`UPDATE status_history h SET created_at = r.results_at FROM runs r WHERE r.id = h.run_id AND r.project_id = $1`, [
      projectId,
    ]);
    const old = `now() - interval '40 days'`;
    await c.query(`UPDATE tests SET created_at = ${old}, updated_at = ${old} WHERE project_id = $1`, [projectId]);
    await c.query(`UPDATE test_versions v SET created_at = ${old} FROM tests t WHERE t.id = v.test_id AND t.project_id = $1`, [projectId]);
    await c.query(`UPDATE milestones SET created_at = ${old}, updated_at = ${old} WHERE project_id = $1`, [projectId]);
    await c.query(`UPDATE audit_events SET created_at = ${old}`);
    await c.query(`DELETE FROM run_digests`);
  } finally {
    await c.end();
  }
}

import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { notFound, projectInactive } from '../../core/errors';
import { recordInProject } from '../audit/audit.service';
import { inCallerOrgs, requireProject } from '../access';
import type { CreateTestInput, TestFilters, UpdateTestInput } from './testcases.schemas';
import { requireFreeAutomationKeys } from './testcases.keys';
import { requireReferencesInProject } from './testcases.references';
import { catalogCount, catalogWhere, projectInOrgs, testRecordColumns, type TestRecord } from './testcases.sql';
import { insertTests, softDeleteTests, updateTests } from './data';

/**
 * One page of the catalog and its total in a single round trip, the page as one
 * JSON text. No row at all means the project is not the caller's.
 */
export async function listTests(ctx: RequestContext, q: TestFilters & { projectId: number; limit: number; offset: number }) {
  const rows = await ctx.db.$queryRaw<{ total: number; tests: string }[]>`
    SELECT ${catalogCount(q.projectId, q)} AS total,
           (SELECT coalesce(json_agg(page ORDER BY page."testId"), '[]')::text FROM (
              SELECT ${testRecordColumns} FROM tests t WHERE ${catalogWhere(q.projectId, q)}
               ORDER BY t.id LIMIT ${q.limit} OFFSET ${q.offset}) page) AS tests
      FROM projects p WHERE ${projectInOrgs(q.projectId, ctx.orgIds)}`;
  if (rows.length === 0) throw notFound('Project');
  const tests = JSON.parse(rows[0].tests) as TestRecord[];
  return { tests, total: rows[0].total, limit: q.limit, offset: q.offset };
}

export async function countTests(ctx: RequestContext, q: TestFilters & { projectId: number }) {
  const rows = await ctx.db.$queryRaw<{ count: number }[]>`
    SELECT ${catalogCount(q.projectId, q)} AS count
      FROM projects p WHERE ${projectInOrgs(q.projectId, ctx.orgIds)}`;
  if (rows.length === 0) throw notFound('Project');
  return { count: rows[0].count };
}

async function findTest(db: Db, projectId: number, testId: number): Promise<TestRecord | undefined> {
  const rows = await db.$queryRaw<{ test: string }[]>`
    SELECT row_to_json(r)::text AS test FROM (
      SELECT ${testRecordColumns} FROM tests t WHERE t.id = ${testId} AND t.project_id = ${projectId} AND t.deleted_at IS NULL) r`;
  return rows.length ? (JSON.parse(rows[0].test) as TestRecord) : undefined;
}

export async function getTest(ctx: RequestContext, projectId: number, testId: number) {
  await requireProject(ctx, projectId);
  const test = await findTest(ctx.db, projectId, testId);
  if (!test) throw notFound('Test');
  return test;
}

export async function createTest(ctx: RequestContext, input: CreateTestInput) {
  const { projectId, ...fields } = input;
  await requireProject(ctx, projectId, { active: true });
  const [testId] = await ctx.db.$transaction(async (tx) => {
    await requireReferencesInProject(tx, [{ projectId, fields, at: '' }]);
    await requireFreeAutomationKeys(tx, [{ projectId, automationKey: fields.automationKey }]);
    return insertTests(tx, projectId, ctx.userId, [fields]);
  });
  return (await findTest(ctx.db, projectId, testId))!;
}

/** A partial update; `labels`, when given, replace the test's labels. */
export async function updateTest(ctx: RequestContext, input: UpdateTestInput) {
  const { testId, projectId: scope, ...fields } = input;
  const test = await ctx.db.test.findFirst({
    where: { testId, deletedAt: null, ...(scope === undefined ? {} : { projectId: scope }), project: { orgId: inCallerOrgs(ctx) } },
    select: { projectId: true, project: { select: { isActive: true } } },
  });
  if (!test) throw notFound('Test');
  if (!test.project.isActive) throw projectInactive();
  await ctx.db.$transaction(async (tx) => {
    await requireReferencesInProject(tx, [{ projectId: test.projectId, fields, at: '' }]);
    await requireFreeAutomationKeys(tx, [{ projectId: test.projectId, testId, automationKey: fields.automationKey }]);
    await updateTests(tx, [{ testId, ...fields }]);
  });
  return (await findTest(ctx.db, test.projectId, testId))!;
}

export async function deleteTest(ctx: RequestContext, projectId: number, testId: number) {
  const project = await requireProject(ctx, projectId);
  const test = await ctx.db.test.findFirst({ where: { testId, projectId, deletedAt: null }, select: { testId: true } });
  if (!test) throw notFound('Test');
  if (!project.isActive) throw projectInactive();
  await ctx.db.$transaction(async (tx) => {
    await softDeleteTests(tx, [testId]);
    await recordInProject(tx, ctx.userId, projectId, { action: 'test.deleted', targetType: 'test', targetId: testId, detail: { projectId } });
  });
  return { testId, deleted: true as const };
}

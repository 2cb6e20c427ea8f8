import type { RequestContext } from '../../core/context';
import { nextCursorAfter } from '../../core/cursor';
import { notFound, projectInactive } from '../../core/errors';
import { requireUnchanged } from '../../core/record-stamp';
import { recordInProject } from '../audit/audit.service';
import { requireProject } from '../access';
import { projectVersionAt } from '../projects/project-version';
import type { Prisma } from '../../generated/prisma/client';
import {
  catalogPage,
  catalogPageOf,
  catalogPageSql,
  catalogTotal,
  findLiveTestDetails,
  findLiveTestInOrgs,
  insertTests,
  liveTestExists,
  lockTestStamp,
  softDeleteTests,
  updateTests,
} from './data';
import type { CreateTestInput, TestFilters, TestSort, UpdateTestInput } from './test-cases.schemas';
import { requireFreeAutomationKeys } from './automation-keys';
import { requireReferencesInProject } from './references';
import { missingTest, requireSectionOfEmptyAnswer } from './missing';
import { checkItemValues } from '../custom-fields/field-values';
import { fieldFiltersOf } from '../custom-fields/field-filters';
import { fieldFilterNames } from '../custom-fields/field-filters.schemas';
import { emitTestsChanged } from '../webhooks/emitters/catalog-events';

/** What GET /project/tests takes. */
type ListTestsQuery = TestFilters & {
  projectId: number;
  limit: number;
  offset: number;
  cursor?: number;
  sort?: TestSort;
  order?: 'asc' | 'desc';
};

/** The page's read as SQL over the caller's organizations, read with the credential (Caching.ride); not with custom-field filters, whose fields are read first. */
export const listTestsRide = ({ query }: { query: ListTestsQuery }) =>
  fieldFilterNames(query).length > 0 ? undefined : (orgIds: Prisma.Sql) => catalogPageSql(orgIds, { ...query, afterId: query.cursor });

/**
 * One page of the catalog and its total in a single round trip, the page as one
 * JSON text; it starts after the cursor's test when one is given. No row at all
 * means the project is not the caller's.
 */
export async function listTests(ctx: RequestContext, q: ListTestsQuery) {
  const page =
    ctx.ridden !== undefined
      ? catalogPageOf(ctx.ridden)
      : await catalogPage(ctx.db, ctx.orgIds, { ...q, fieldFilters: await fieldFiltersOf(ctx, q.projectId, q), afterId: q.cursor });
  if (!page) throw notFound('Project');
  await requireSectionOfEmptyAnswer(ctx, q.projectId, q.sectionId, page.total);
  ctx.answer.version = projectVersionAt(q.projectId, page.changes);
  // The cursor is the last testId: a place only in the default order.
  const keyset = (q.sort ?? 'testId') === 'testId' && (q.order ?? 'asc') === 'asc';
  return { tests: page.tests, total: page.total, limit: q.limit, offset: q.offset, ...nextCursorAfter(keyset ? page.lastId : null) };
}

export async function countTests(ctx: RequestContext, q: TestFilters & { projectId: number }) {
  const count = await catalogTotal(ctx.db, ctx.orgIds, { ...q, fieldFilters: await fieldFiltersOf(ctx, q.projectId, q) });
  if (count === undefined) throw notFound('Project');
  await requireSectionOfEmptyAnswer(ctx, q.projectId, q.sectionId, count);
  return { count };
}

export async function getTest(ctx: RequestContext, projectId: number, testId: number) {
  await requireProject(ctx, projectId);
  const test = await findLiveTestDetails(ctx.db, projectId, testId);
  if (!test) throw await missingTest(ctx, testId, projectId);
  return test;
}

export async function createTest(ctx: RequestContext, input: CreateTestInput) {
  const { projectId, ...fields } = input;
  const project = await requireProject(ctx, projectId, { active: true });
  const [testId] = await ctx.db.$transaction(async (tx) => {
    await requireReferencesInProject(tx, [{ projectId, fields, at: '' }]);
    await requireFreeAutomationKeys(tx, [{ projectId, automationKey: fields.automationKey }]);
    const [customFields] = await checkItemValues(tx, 'test', [
      { projectId, at: 'customFields', values: fields.customFields, create: true },
    ]);
    const ids = await insertTests(tx, projectId, ctx.userId, [{ ...fields, customFields }]);
    await emitTestsChanged(tx, ctx, { orgId: project.orgId, projectId }, { created: ids });
    return ids;
  });
  return (await findLiveTestDetails(ctx.db, projectId, testId))!;
}

/** A partial update; `labels`, when given, replace the test's labels. */
/** Changes a test; with `ifMatch` (an If-Match header) only if the test is still as read then (412 edit_conflict). */
export async function updateTest(ctx: RequestContext, input: UpdateTestInput, ifMatch?: string) {
  const { testId, projectId: scope, ...fields } = input;
  const test = await findLiveTestInOrgs(ctx.db, testId, ctx.orgIds, scope);
  if (!test) throw await missingTest(ctx, testId, scope);
  if (!test.isActive) throw projectInactive();
  await ctx.db.$transaction(async (tx) => {
    // Compared under the row's lock, so no write can come between the check and this one.
    const stamp = await lockTestStamp(tx, testId);
    if (stamp === undefined) throw notFound('Test');
    requireUnchanged(ifMatch, stamp, 'Test');
    await requireReferencesInProject(tx, [{ projectId: test.projectId, fields, at: '' }]);
    await requireFreeAutomationKeys(tx, [{ projectId: test.projectId, testId, automationKey: fields.automationKey }]);
    const at = { projectId: test.projectId, at: 'customFields', values: fields.customFields, create: false };
    await checkItemValues(tx, 'test', [at]);
    await updateTests(tx, ctx.userId, [{ testId, ...fields }]);
    await emitTestsChanged(tx, ctx, { orgId: test.orgId, projectId: test.projectId }, { updated: [testId] });
  });
  return (await findLiveTestDetails(ctx.db, test.projectId, testId))!;
}

export async function deleteTest(ctx: RequestContext, projectId: number, testId: number) {
  const project = await requireProject(ctx, projectId);
  if (!(await liveTestExists(ctx.db, projectId, testId))) throw await missingTest(ctx, testId, projectId);
  if (!project.isActive) throw projectInactive();
  await ctx.db.$transaction(async (tx) => {
    await softDeleteTests(tx, [testId]);
    await recordInProject(tx, ctx, projectId, {
      action: 'test.deleted',
      targetType: 'test',
      targetId: testId,
      detail: { projectId },
    });
    await emitTestsChanged(tx, ctx, { orgId: project.orgId, projectId }, { deleted: [testId] });
  });
  return { testId, deleted: true as const };
}

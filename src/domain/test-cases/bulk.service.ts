import type { RequestContext } from '../../core/context';
import { badRequest, projectInactive } from '../../core/errors';
import { requireProject } from '../access';
import { recordInProject } from '../audit/audit.service';
import { MAX_LABELS, type LabelChanges, type TestFieldsInput } from './test-cases.schemas';
import { requireFreeAutomationKeys } from './automation-keys';
import { listOf, requireReferencesInProject } from './references';
import { checkItemValues } from '../custom-fields/field-values';
import { emitTestsChanged } from '../webhooks/emitters/catalog-events';
import { insertTests, lockLiveTestsInOrgs, lockLiveTestsOfProject, softDeleteTests, testsWithMoreLabels, updateTests } from './data';

// Bulk routes: each is one transaction of set-based statements, all or nothing.
// A bad item is a 400 naming its index and field, and nothing is written.

/**
 * Prisma's interactive transactions expire after 5 s. The largest bulk call
 * (5000 tests × 100 labels = 500,000 label links, each checked by PostgreSQL
 * against both of its foreign keys) takes 10-30 s on a busy 2-core host
 * (npm run bench:bulk-labels), so bulk transactions get two minutes; maxWait
 * bounds the wait for a pooled connection.
 */
export const BULK_TRANSACTION = { timeout: 120_000, maxWait: 10_000 };

export async function bulkAddTests(
  ctx: RequestContext,
  input: { projectId: number; tests: (TestFieldsInput & { title: string; projectId?: number })[] },
) {
  const { projectId } = input;
  const elsewhere = input.tests.flatMap((t, i) =>
    t.projectId !== undefined && t.projectId !== projectId ? [`tests.${i}.projectId: Must be the projectId of the request`] : [],
  );
  if (elsewhere.length > 0) throw badRequest(listOf(elsewhere), 'invalid_reference');
  const project = await requireProject(ctx, projectId, { active: true });
  const items = input.tests.map(({ projectId: _p, ...fields }) => fields);
  const testIds = await ctx.db.$transaction(async (tx) => {
    await requireReferencesInProject(
      tx,
      items.map((fields, i) => ({ projectId, fields, at: `tests.${i}.` })),
    );
    await requireFreeAutomationKeys(
      tx,
      items.map((fields) => ({ projectId, automationKey: fields.automationKey })),
    );
    const values = await checkItemValues(
      tx,
      'test',
      items.map((fields, i) => ({ projectId, at: `tests.${i}.customFields`, values: fields.customFields, create: true })),
    );
    const ids = await insertTests(
      tx,
      projectId,
      ctx.userId,
      items.map((fields, i) => ({ ...fields, customFields: values[i] })),
    );
    await emitTestsChanged(tx, ctx, { orgId: project.orgId, projectId }, { created: ids });
    return ids;
  }, BULK_TRANSACTION);
  return { testIds, count: testIds.length };
}

export async function bulkUpdateTests(
  ctx: RequestContext,
  input: { projectId?: number; tests: (TestFieldsInput & LabelChanges & { testId: number })[] },
) {
  const testIds = input.tests.map((t) => t.testId);
  if (input.projectId !== undefined) await requireProject(ctx, input.projectId);
  await ctx.db.$transaction(async (tx) => {
    const found = await lockLiveTestsInOrgs(tx, testIds, ctx.orgIds, input.projectId);
    const byId = new Map(found.map((row) => [row.id, row]));
    const missing = testIds.flatMap((id, i) => (byId.has(id) ? [] : [`tests.${i}.testId: Test not found`]));
    if (missing.length > 0) throw badRequest(listOf(missing), 'invalid_reference');
    if (found.some((row) => !row.isActive)) throw projectInactive();
    await requireReferencesInProject(
      tx,
      input.tests.map(({ testId, ...fields }, i) => ({ projectId: byId.get(testId)!.projectId, fields, at: `tests.${i}.` })),
    );
    await requireFreeAutomationKeys(
      tx,
      input.tests.map((t) => ({ projectId: byId.get(t.testId)!.projectId, testId: t.testId, automationKey: t.automationKey })),
    );
    await checkItemValues(
      tx,
      'test',
      input.tests.map((t, i) => ({
        projectId: byId.get(t.testId)!.projectId,
        at: `tests.${i}.customFields`,
        values: t.customFields,
        create: false,
      })),
    );
    await updateTests(tx, ctx.userId, input.tests);
    await requireLabelLimit(tx, input.tests);
    // The tests may be of several projects (no projectId given): one event per project.
    const byProject = new Map<number, { orgId: number; ids: number[] }>();
    for (const row of found) {
      const group = byProject.get(row.projectId) ?? { orgId: row.orgId, ids: [] };
      group.ids.push(row.id);
      byProject.set(row.projectId, group);
    }
    for (const [projectId, { orgId, ids }] of byProject) await emitTestsChanged(tx, ctx, { orgId, projectId }, { updated: ids });
  }, BULK_TRANSACTION);
  return { testIds, count: testIds.length };
}

/** Labels added to tests that had some may take a test past MAX_LABELS: a 400 naming each, and the transaction rolls back. */
async function requireLabelLimit(tx: Parameters<typeof updateTests>[0], items: (LabelChanges & { testId: number })[]) {
  const grown = items.flatMap((item, i) => (item.addLabels?.length ? [{ testId: item.testId, i }] : []));
  const over = new Map(
    (
      await testsWithMoreLabels(
        tx,
        grown.map((g) => g.testId),
        MAX_LABELS,
      )
    ).map((row) => [row.testId, row.count]),
  );
  const errors = grown.flatMap(({ testId, i }) =>
    over.has(testId) ? [`tests.${i}.addLabels: A test has at most ${MAX_LABELS} labels; this makes ${over.get(testId)}`] : [],
  );
  if (errors.length > 0) throw badRequest(listOf(errors));
}

export async function bulkDeleteTests(ctx: RequestContext, input: { projectId: number; testIds: number[] }) {
  const { projectId, testIds } = input;
  const project = await requireProject(ctx, projectId);
  await ctx.db.$transaction(async (tx) => {
    const present = new Set(await lockLiveTestsOfProject(tx, projectId, testIds));
    const missing = testIds.flatMap((id, i) => (present.has(id) ? [] : [`testIds.${i}: Test not found in this project`]));
    if (missing.length > 0) throw badRequest(listOf(missing), 'invalid_reference');
    if (!project.isActive) throw projectInactive();
    await softDeleteTests(tx, testIds);
    await recordInProject(tx, ctx, projectId, { action: 'test.deleted', targetType: 'test', detail: { projectId, testIds } });
    await emitTestsChanged(tx, ctx, { orgId: project.orgId, projectId }, { deleted: testIds });
  });
  return { testIds, count: testIds.length };
}

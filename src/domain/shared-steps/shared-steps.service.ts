import type { RequestContext } from '../../core/context';
import { conflict, notFound, projectInactive } from '../../core/errors';
import type { Step } from '../test-cases/steps.schemas';
import { keepBaseVersions, recordVersions } from '../test-cases/data';
import { requireProject } from '../access';
import { recordInProject } from '../audit/audit.service';
import { emitTestsChanged } from '../webhooks/emitters/catalog-events';
import {
  deleteSharedStepsRow,
  findSharedStepsInOrgs,
  insertSharedSteps,
  listSharedSteps,
  testsUsing,
  testsUsingSample,
  touchTests,
  updateSharedSteps,
} from './data';
import type { EditSharedStepsInput } from './shared-steps.schemas';

/** How many tests a 409 in_use names before "and n more". */
const NAMED_TESTS = 20;

export async function listProjectSharedSteps(ctx: RequestContext, projectId: number) {
  await requireProject(ctx, projectId);
  return listSharedSteps(ctx.db, projectId);
}

export async function addSharedSteps(ctx: RequestContext, input: { projectId: number; name: string; steps: Step[] }) {
  await requireProject(ctx, input.projectId, { active: true });
  return ctx.db.$transaction((tx) => insertSharedSteps(tx, input.projectId, ctx.userId, input.name, input.steps));
}

/**
 * Renames the shared steps or replaces their steps. Every live test using them reads the new steps:
 * each is marked changed by the caller and, when its content changed, gets a new version.
 */
export async function editSharedSteps(ctx: RequestContext, input: EditSharedStepsInput) {
  return ctx.db.$transaction(async (tx) => {
    const found = await findSharedStepsInOrgs(tx, input.sharedStepsId, ctx.orgIds, true);
    if (!found) throw notFound('Shared steps');
    if (!found.isActive) throw projectInactive();
    const testIds = await testsUsing(tx, found.projectId, input.sharedStepsId);
    // Before the change: a test older than versions keeps what it read until now as version 1.
    await keepBaseVersions(tx, testIds);
    const record = await updateSharedSteps(tx, input.sharedStepsId, { name: input.name, steps: input.steps });
    if (testIds.length > 0) {
      await touchTests(tx, testIds, ctx.userId);
      await recordVersions(tx, testIds, ctx.userId);
      await emitTestsChanged(tx, ctx, { orgId: found.orgId, projectId: found.projectId }, { updated: testIds });
    }
    return { ...record, testsChanged: testIds.length };
  });
}

/** Deletes shared steps no live test uses; else 409 in_use naming the tests that do (the first NAMED_TESTS). */
export async function deleteSharedSteps(ctx: RequestContext, sharedStepsId: number) {
  return ctx.db.$transaction(async (tx) => {
    const found = await findSharedStepsInOrgs(tx, sharedStepsId, ctx.orgIds, true);
    if (!found) throw notFound('Shared steps');
    if (!found.isActive) throw projectInactive();
    const users = await testsUsingSample(tx, found.projectId, sharedStepsId, NAMED_TESTS);
    if (users.length > 0) {
      const total = users[0].total;
      const named = users.map((t) => `#${t.testId} "${t.title}"`).join(', ');
      const more = total > users.length ? ` and ${total - users.length} more` : '';
      throw conflict('in_use', `Shared steps are used by ${total} test${total === 1 ? '' : 's'}: ${named}${more}`);
    }
    await deleteSharedStepsRow(tx, sharedStepsId);
    await recordInProject(tx, ctx, found.projectId, {
      action: 'shared-steps.deleted',
      targetType: 'shared-steps',
      targetId: sharedStepsId,
      detail: { projectId: found.projectId, name: found.name },
    });
    return { sharedStepsId, deleted: true as const };
  });
}

import type { RequestContext } from '../../core/context';
import { AppError, notFound } from '../../core/errors';
import { requireProject } from '../access';
import { sectionInProject } from '../sections/data';

// Why a test or a section the caller named is not there, in words that say what to do:
// a deleted test says so and when, a section filter naming no section of the project
// is a 404 (an empty page would read as "the section has no tests"). A 404's text ends
// in `not found`, the contract's form.

/**
 * The error for a test that is not live: `test_deleted` naming when, if the test was
 * deleted from a project of the caller's organizations (and of `projectId`, if given);
 * else `Test not found`, so nothing is told of other organizations' tests.
 */
export async function missingTest(ctx: RequestContext, testId: number, projectId?: number): Promise<AppError> {
  const test = await ctx.db.test.findFirst({
    where: { testId, ...(projectId === undefined ? {} : { projectId }), project: { orgId: { in: ctx.orgIds } } },
    select: { deletedAt: true },
  });
  if (!test?.deletedAt) return notFound('Test');
  return new AppError('test_deleted', `Test ${testId} (deleted at ${test.deletedAt.toISOString()}) not found`);
}

/** A catalog filter's sectionId is a section of the project (the project the caller's, else 404 Project). */
export async function requireFilterSection(ctx: RequestContext, projectId: number, sectionId: number | undefined): Promise<void> {
  if (sectionId === undefined) return;
  await requireProject(ctx, projectId);
  await requireSectionOfEmptyAnswer(ctx, projectId, sectionId, 0);
}

/**
 * After a read of the caller's project found `found` tests: none with a sectionId filter may
 * mean the section is not the project's (404). Tests found prove it is, so a list or count that
 * found some pays nothing more.
 */
export async function requireSectionOfEmptyAnswer(
  ctx: RequestContext,
  projectId: number,
  sectionId: number | undefined,
  found: number,
): Promise<void> {
  if (sectionId === undefined || found > 0) return;
  if (!(await sectionInProject(ctx.db, projectId, sectionId)))
    throw new AppError('section_not_found', `Section ${sectionId} (in project ${projectId}) not found`);
}

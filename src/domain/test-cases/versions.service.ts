import type { RequestContext } from '../../core/context';
import { counterVersion } from '../../core/counter-version';
import { notFound, projectInactive } from '../../core/errors';
import { requireProject } from '../access';
import {
  findLiveTestDetails,
  findLiveTestInOrgs,
  findVersion,
  latestVersion,
  liveTestExists,
  lockTestStamp,
  testVersionsVersionSql,
  updateTests,
  versionPage,
} from './data';
import { requireFreeAutomationKeys } from './automation-keys';
import { requireReferencesInProject } from './references';
import { restoreUpdate } from './versions-restore';
import type { NotRestored, RestoreVersionInput } from './versions.schemas';
import { emitTestsChanged } from '../webhooks/emitters/catalog-events';

type TestInProject = { projectId: number; testId: number };

/**
 * The version of GET /test/versions and /test/version: the project's change counter (a change
 * to the test moves it) plus the counters of the users the versions name (a rename moves those);
 * undefined when the caller may not see the project.
 */
export const testVersionsVersion = counterVersion<{ query: TestInProject }>({
  sql: (input, orgIds) => testVersionsVersionSql(input.query.projectId, input.query.testId, orgIds),
  version: (input, counter) => `p${input.query.projectId}.t${input.query.testId}.v${counter}`,
});

async function requireLiveTest(ctx: RequestContext, q: TestInProject) {
  await requireProject(ctx, q.projectId);
  if (!(await liveTestExists(ctx.db, q.projectId, q.testId))) throw notFound('Test');
}

async function requireVersion(ctx: RequestContext, testId: number, version: number) {
  const found = await findVersion(ctx.db, testId, version);
  if (!found) throw notFound('Test version');
  return found;
}

/** A page of a live test's versions, newest first, without their content; with `version`, that one with its content. */
export async function listTestVersions(ctx: RequestContext, q: TestInProject & { version?: number; limit: number; offset: number }) {
  await requireLiveTest(ctx, q);
  if (q.version !== undefined) {
    const one = await requireVersion(ctx, q.testId, q.version);
    return { versions: [one], total: 1, limit: q.limit, offset: q.offset };
  }
  const page = await versionPage(ctx.db, q);
  return { ...page, limit: q.limit, offset: q.offset };
}

/** One version of a live test, with its content. */
export async function getTestVersion(ctx: RequestContext, q: TestInProject & { version: number }) {
  await requireLiveTest(ctx, q);
  return { testId: q.testId, ...(await requireVersion(ctx, q.testId, q.version)) };
}

/** Thrown inside the restore's transaction to undo it when it changed nothing. */
class Unchanged extends Error {}

/**
 * Makes the test's content that of an old version again, through the update every edit takes
 * (references checked, a new version recorded); what no longer fits the project keeps its current
 * value and is named in `notRestored`. A restore to the content the test already holds writes
 * nothing (not even its updatedAt) and says so (`recorded: false`).
 */
export async function restoreTestVersion(ctx: RequestContext, input: RestoreVersionInput) {
  const { projectId, testId, version } = input;
  const test = await findLiveTestInOrgs(ctx.db, testId, ctx.orgIds, projectId);
  if (!test) throw notFound('Test');
  const old = await requireVersion(ctx, testId, version);
  if (!test.isActive) throw projectInactive();
  let notRestored: NotRestored[] = [];
  let recorded = true;
  try {
    await ctx.db.$transaction(async (tx) => {
      // Under the row's lock: no other write comes between reading the test and writing it.
      if ((await lockTestStamp(tx, testId)) === undefined) throw notFound('Test');
      const before = await latestVersion(tx, testId);
      const update = await restoreUpdate(tx, projectId, testId, old.content);
      notRestored = update.notRestored;
      await requireReferencesInProject(tx, [{ projectId, fields: update.fields, at: '' }]);
      await requireFreeAutomationKeys(tx, [{ projectId, testId, automationKey: update.fields.automationKey }]);
      await updateTests(tx, ctx.userId, [{ testId, ...update.fields }]);
      if ((await latestVersion(tx, testId)) === before) throw new Unchanged();
      await emitTestsChanged(tx, ctx, { orgId: test.orgId, projectId }, { updated: [testId] });
    });
  } catch (e) {
    if (!(e instanceof Unchanged)) throw e;
    recorded = false;
  }
  return { test: (await findLiveTestDetails(ctx.db, projectId, testId))!, restoredFrom: version, recorded, notRestored };
}

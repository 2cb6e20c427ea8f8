import { route } from '../../core/route';
import type { z } from '../../core/schemas';
import { importJUnit, importProgress } from './junit-import.service';
import { collectReport, type Report } from './collect-report';
import {
  DEFAULT_STATUS_MAP,
  IMPORT_PROGRESS_HEADER,
  importJUnitQuery,
  importJUnitResult,
  importProgressHeaders,
  importProgressQuery,
  importProgressResult,
  JUNIT_CONTENT_TYPES,
  MAX_JUNIT_BYTES,
  MAX_JUNIT_CASES,
} from './junit-import.schemas';

const example = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="checkout" tests="2">
    <testcase classname="checkout.CartTest" name="adds an item" time="0.042">
      <properties><property name="casebook_id" value="12"/></properties>
    </testcase>
    <testcase classname="checkout.CartTest" name="removes an item" time="0.031">
      <failure type="AssertionError" message="expected 0 items">at CartTest.java:41</failure>
    </testcase>
  </testsuite>
</testsuites>
`;

export const junitImportRoutes = [
  // The body is the report itself, read as it arrives: the handler gets the testcases it holds
  // (z.ZodType<Report> types them; there is no JSON schema).
  route<typeof importJUnitQuery, z.ZodType<Report>, typeof importJUnitResult, undefined, typeof importProgressHeaders>({
    method: 'post',
    path: '/run/import-junit',
    resource: 'run',
    action: 'create',
    tag: 'Runs',
    summary:
      'Import a JUnit XML report into a new run (runName) or an open one (runId): each testcase is matched to a test by the ' +
      'ids it names (casebook_id / test_id property; [C123] or C123_ in its name only with caseMatcher=name), else by its key, ' +
      'the full path in the report (suites or file, classname.name, Playwright project) stored as automationKey; a test still ' +
      'holding its old key classname.name moves to the full key. With createMissing the others become new tests in sections ' +
      'named after their file, testsuites and describe path. Rerun elements of a test are all kept in its history, the final ' +
      'one is its status; testcases repeating a key are one result (worst outcome, all messages). Skipped, todo and pending ' +
      'are untested by default. One transaction: all or nothing. dryRun answers the mapping and writes nothing',
    query: importJUnitQuery,
    headers: importProgressHeaders,
    body: {
      raw: {
        types: JUNIT_CONTENT_TYPES,
        limitBytes: MAX_JUNIT_BYTES,
        // Malformed XML anywhere is a 400 before anything is matched or written.
        parse: (body, query) => collectReport(body, query.statusMap ?? DEFAULT_STATUS_MAP),
        description:
          `A JUnit XML report (root <testsuites> or <testsuite>; JUnit 5/Surefire, pytest, jest-junit, Playwright, gotestsum, PHPUnit), ` +
          `at most ${MAX_JUNIT_CASES} testcases`,
        example,
      },
    },
    response: importJUnitResult,
    successStatus: 201,
    errors: ['project_inactive', 'run_locked', 'junit_malformed', 'junit_too_large', 'run_too_large'],
    idempotent: true,
    // A dry run writes nothing.
    changes: { project: ({ query }) => (query.dryRun ? undefined : query.projectId) },
    handler: (ctx, { query, body, headers }) => importJUnit(ctx, query, body, headers?.[IMPORT_PROGRESS_HEADER]),
  }),
  route({
    method: 'get',
    path: '/run/import-progress',
    // Whoever may import may watch their own imports.
    resource: 'run',
    action: 'create',
    tag: 'Runs',
    summary:
      "How far the caller's JUnit import sent with this X-Import-Progress id has got: its phase (matching, writing, done, failed) " +
      "and counts, for a client to poll while it waits for the import's answer. 404 until the import has read its report, " +
      "for an unknown id and for another user's; kept for an hour",
    query: importProgressQuery,
    response: importProgressResult,
    handler: (ctx, { query }) => importProgress(ctx, query),
  }),
];

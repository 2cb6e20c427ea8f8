import { route } from '../../core/route';
import type { z } from '../../core/schemas';
import { importJUnit, importProgress } from './junit-import.service';
import { collectReport } from './collect-report';
import { discardImportFiles, readImportParts, type ImportBody } from './import-files';
import {
  DEFAULT_STATUS_MAP,
  FILE_PART,
  IMPORT_PROGRESS_HEADER,
  importJUnitQuery,
  importJUnitResult,
  importProgressHeaders,
  importProgressQuery,
  importProgressResult,
  JUNIT_CONTENT_TYPES,
  MAX_JUNIT_BYTES,
  MAX_IMPORT_FILES,
  MAX_JUNIT_CASES,
  REPORT_PART,
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
  // The body is the report itself, read as it arrives, or a multipart form of the report and the files
  // its testcases name: the handler gets the testcases it holds, and the files staged
  // (z.ZodType<ImportBody> types them; there is no JSON schema).
  route<typeof importJUnitQuery, z.ZodType<ImportBody>, typeof importJUnitResult, undefined, typeof importProgressHeaders>({
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
      'are untested by default. One transaction: all or nothing. dryRun answers the mapping and writes nothing. ' +
      `As multipart/form-data, the report (part ${REPORT_PART}) comes with the files its testcases name (parts ${FILE_PART}, ` +
      `up to ${MAX_IMPORT_FILES}, each under its path as the report names it): [[ATTACHMENT|path]] lines in a testcase's ` +
      "system-out or system-err, or attachment properties, attach the file to that test's result in the run (a report " +
      "path written in full matches the file sent under its trailing path); the answer's attachments lists named files " +
      'not sent (missing) and files sent but not named (unused, not kept). Each file at most ATTACHMENT_MAX_MB (413), ' +
      "the organization's at most ATTACHMENT_QUOTA_MB (507)",
    query: importJUnitQuery,
    headers: importProgressHeaders,
    body: {
      raw: {
        types: JUNIT_CONTENT_TYPES,
        limitBytes: MAX_JUNIT_BYTES,
        // Malformed XML anywhere is a 400 before anything is matched or written.
        parse: async (body, query) => ({ report: await collectReport(body, query.statusMap ?? DEFAULT_STATUS_MAP) }),
        description:
          `A JUnit XML report (root <testsuites> or <testsuite>; JUnit 5/Surefire, pytest, jest-junit, Playwright, gotestsum, PHPUnit), ` +
          `at most ${MAX_JUNIT_CASES} testcases`,
        example,
      },
      multipart: {
        files: {
          [REPORT_PART]: {
            maxCount: 1,
            description: `The JUnit XML report (as above; gzip-compressed when its part is application/gzip or its name ends .gz), at most ${MAX_JUNIT_BYTES / 2 ** 20} MiB once decoded`,
          },
          [FILE_PART]: {
            maxCount: MAX_IMPORT_FILES,
            optional: true,
            description:
              'A file a testcase names, its file name the path the report names it by, relative (shots/login.png; ' +
              'backslashes and ./ are normalised) or the trailing part of an absolute one',
          },
        },
        keepPaths: true,
        description: `The report (part ${REPORT_PART}) and up to ${MAX_IMPORT_FILES} files its testcases name (parts ${FILE_PART}), in any order`,
        read: readImportParts,
        discard: discardImportFiles,
      },
    },
    response: importJUnitResult,
    successStatus: 201,
    errors: ['project_inactive', 'run_locked', 'junit_malformed', 'junit_too_large', 'run_too_large', 'quota_exceeded'],
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

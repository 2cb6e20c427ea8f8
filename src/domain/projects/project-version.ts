import { counterVersion } from '../../core/counter-version';
import { stampedVersion } from '../../core/record-stamp';
import type { Prisma } from '../../generated/prisma/client';
import { projectChangeSql, projectStampSql } from './data';

/** The version projectVersion gives, from a change counter a handler read with its data (routes with `caching.versionInAnswer`). */
export const projectVersionAt = (projectId: number, changes: number): string => `p${projectId}.${changes}`;

type ProjectInput = { query: { projectId: number } };

/**
 * The version of what a read of one project shows (its catalog, sections, labels,
 * squads, runs and results): the project's change counter (data/changes.ts), one
 * indexed row. Undefined when the caller may not see the project, so a guessed
 * ETag never answers for a project of another organization: the route runs and 404s.
 */
export const projectVersion = counterVersion<ProjectInput>({
  sql: (input, orgIds) => projectChangeSql(input.query.projectId, orgIds),
  version: (input, counter) => projectVersionAt(input.query.projectId, counter),
});

/**
 * The version of a read of one record of a project (a test, a run, the project itself):
 * projectVersion's, with the record's stamp (src/core/record-stamp.ts), `stamp` being
 * an int expression over the project row `p`. Any write to the project still moves it
 * (the answer may show names from elsewhere in the project); an If-Match on a write of
 * the record is checked against the stamp alone.
 */
export const projectRecordVersion = <I extends ProjectInput>(stamp: (input: I) => Prisma.Sql) =>
  counterVersion<I>({
    sql: (input, orgIds) => projectChangeSql(input.query.projectId, orgIds, stamp(input)),
    version: (input, counter, stamp) => stampedVersion(projectVersionAt(input.query.projectId, counter), stamp),
  });

/** The version of GET /project/detail: the project's, with its own stamp. */
export const projectDetailVersion = projectRecordVersion<ProjectInput>(() => projectStampSql);

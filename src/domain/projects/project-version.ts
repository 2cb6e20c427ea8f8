import { counterVersion } from '../../core/counter-version';
import { projectChangeSql } from './data';

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

import { z } from '../../core/schemas';

// The CI build a run's results came from: set at run/create, run/edit and run/import-junit, read on
// every run record, and used to tell runs of one commit or one branch apart.

export const MAX_BUILD_TEXT = 500;

/** The build's fields as the API names them, and their columns in the runs table. */
export const BUILD_FIELDS = {
  commit: 'buildCommit',
  branch: 'buildBranch',
  buildNumber: 'buildNumber',
  buildUrl: 'buildUrl',
  ciJob: 'ciJob',
} as const;
export type BuildField = keyof typeof BUILD_FIELDS;
type BuildColumn = (typeof BUILD_FIELDS)[BuildField];

const text = z.string().trim().min(1, 'Must not be empty').max(MAX_BUILD_TEXT, `At most ${MAX_BUILD_TEXT} characters`);
const httpUrl = text.refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), 'Expected an http(s) URL');

const descriptions: Record<BuildField, string> = {
  commit: 'The commit the build ran on (e.g. a Git SHA)',
  branch: 'The branch or ref name',
  buildNumber: 'The CI system’s build or pipeline number',
  buildUrl: 'A link to the build in the CI system (http or https)',
  ciJob: 'The CI job’s name',
};

/** Each field's input: a value sets it, null clears it, absent keeps it. */
const fieldInput = (f: BuildField) => (f === 'buildUrl' ? httpUrl : text).nullable().optional().describe(descriptions[f]);

export const buildInput = z
  .strictObject({
    commit: fieldInput('commit'),
    branch: fieldInput('branch'),
    buildNumber: fieldInput('buildNumber'),
    buildUrl: fieldInput('buildUrl'),
    ciJob: fieldInput('ciJob'),
  })
  .nullable()
  .optional()
  .describe('The CI build of the run: each field given is set (null clears it), absent fields are kept; null clears them all')
  .meta({ example: { commit: '3f9c2ab', branch: 'main', buildNumber: '1287', ciJob: 'e2e' } });
export type BuildInput = z.infer<typeof buildInput>;

/** The build as query parameters (a JUnit import's run): one per field, each optional. */
export const buildQueryFields = {
  commit: text.optional().describe(descriptions.commit),
  branch: text.optional().describe(descriptions.branch),
  buildNumber: text.optional().describe(descriptions.buildNumber),
  buildUrl: httpUrl.optional().describe(descriptions.buildUrl),
  ciJob: text.optional().describe(descriptions.ciJob),
};

/** The build a query gives, as a build input (undefined when it gives none). */
export function buildFromQuery(q: Partial<Record<BuildField, string>>): BuildInput {
  const given = (Object.keys(BUILD_FIELDS) as BuildField[]).filter((f) => q[f] !== undefined);
  return given.length ? Object.fromEntries(given.map((f) => [f, q[f]])) : undefined;
}

export const buildRecord = z
  .object({
    commit: z.string().nullable(),
    branch: z.string().nullable(),
    buildNumber: z.string().nullable(),
    buildUrl: z.string().nullable(),
    ciJob: z.string().nullable(),
  })
  .nullable()
  .describe('The CI build the run came from; null when none is recorded');

/** The columns a build input writes: given fields set or cleared, absent ones left out. */
export function buildColumns(input: BuildInput): Partial<Record<BuildColumn, string | null>> {
  if (input === undefined) return {};
  const out: Partial<Record<BuildColumn, string | null>> = {};
  for (const [field, column] of Object.entries(BUILD_FIELDS) as [BuildField, BuildColumn][]) {
    const value = input === null ? null : input[field];
    if (value !== undefined) out[column] = value;
  }
  return out;
}

/** A run row's build as the API shows it: null when no field is set. */
export function buildOf(row: Partial<Record<BuildColumn, string | null>>): z.infer<typeof buildRecord> {
  const build = {
    commit: row.buildCommit ?? null,
    branch: row.buildBranch ?? null,
    buildNumber: row.buildNumber ?? null,
    buildUrl: row.buildUrl ?? null,
    ciJob: row.ciJob ?? null,
  };
  return Object.values(build).some((v) => v !== null) ? build : null;
}

// The CI build a report comes from, read from the CI system's own variables, so `casebook import
// junit` records it on the run without flags. Each system sets a marker variable; the first that
// is set wins. Values longer than the API takes are cut, not refused: a CI's value must not fail
// the import.

import { BUILD_FIELDS, MAX_BUILD_TEXT, type BuildField } from '../domain/runs/run-build';

export type CiBuild = Partial<Record<BuildField, string>>;
type Env = Record<string, string | undefined>;

interface CiSystem {
  name: string;
  /** Set (non-empty) only on this CI system. */
  marker: string;
  read: (env: Env) => Record<BuildField, string | undefined>;
}

const joinUrl = (...parts: (string | undefined)[]) => (parts.every(Boolean) ? parts.join('') : undefined);

const CI_SYSTEMS: CiSystem[] = [
  {
    name: 'GitHub Actions',
    marker: 'GITHUB_ACTIONS',
    read: (e) => ({
      commit: e.GITHUB_SHA,
      // A pull request's GITHUB_REF_NAME is "<n>/merge"; its branch is GITHUB_HEAD_REF.
      branch: e.GITHUB_HEAD_REF || e.GITHUB_REF_NAME,
      buildNumber: e.GITHUB_RUN_NUMBER,
      buildUrl: joinUrl(e.GITHUB_SERVER_URL, '/', e.GITHUB_REPOSITORY, '/actions/runs/', e.GITHUB_RUN_ID),
      ciJob: e.GITHUB_JOB,
    }),
  },
  {
    name: 'GitLab CI',
    marker: 'GITLAB_CI',
    read: (e) => ({
      commit: e.CI_COMMIT_SHA,
      branch: e.CI_COMMIT_REF_NAME,
      buildNumber: e.CI_PIPELINE_IID,
      buildUrl: e.CI_JOB_URL,
      ciJob: e.CI_JOB_NAME,
    }),
  },
  {
    name: 'CircleCI',
    marker: 'CIRCLECI',
    read: (e) => ({
      commit: e.CIRCLE_SHA1,
      branch: e.CIRCLE_BRANCH,
      buildNumber: e.CIRCLE_BUILD_NUM,
      buildUrl: e.CIRCLE_BUILD_URL,
      ciJob: e.CIRCLE_JOB,
    }),
  },
  {
    name: 'Azure Pipelines',
    marker: 'TF_BUILD',
    read: (e) => ({
      commit: e.BUILD_SOURCEVERSION,
      branch: e.BUILD_SOURCEBRANCHNAME,
      buildNumber: e.BUILD_BUILDNUMBER,
      buildUrl: joinUrl(e.SYSTEM_COLLECTIONURI, e.SYSTEM_TEAMPROJECT, '/_build/results?buildId=', e.BUILD_BUILDID),
      ciJob: e.SYSTEM_JOBDISPLAYNAME || e.AGENT_JOBNAME,
    }),
  },
  {
    // Jenkins last: its variable names (BUILD_NUMBER, GIT_COMMIT) are the most generic.
    name: 'Jenkins',
    marker: 'JENKINS_URL',
    read: (e) => ({
      commit: e.GIT_COMMIT,
      branch: e.BRANCH_NAME || e.GIT_BRANCH,
      buildNumber: e.BUILD_NUMBER,
      buildUrl: e.BUILD_URL,
      ciJob: e.JOB_NAME,
    }),
  },
];

/** At most MAX_BUILD_TEXT UTF-16 units, not splitting a surrogate pair. */
function cut(text: string): string {
  if (text.length <= MAX_BUILD_TEXT) return text;
  const head = text.slice(0, MAX_BUILD_TEXT);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/** The CI system the environment names, and the build fields it sets (empty ones left out). */
export function ciBuildFromEnv(env: Env): { system: string; build: CiBuild } | undefined {
  const system = CI_SYSTEMS.find((s) => env[s.marker]);
  if (!system) return undefined;
  const build: CiBuild = {};
  for (const [field, value] of Object.entries(system.read(env)) as [BuildField, string | undefined][]) {
    const text = cut(value?.trim() ?? '');
    // The API takes only http(s) links; another value would fail the whole import.
    if (text && (field !== 'buildUrl' || /^https?:\/\//i.test(text))) build[field] = text;
  }
  return { system: system.name, build };
}

/** The command-line flag of each build field. */
export const BUILD_FLAGS: Record<BuildField, string> = {
  commit: 'commit',
  branch: 'branch',
  buildNumber: 'build-number',
  buildUrl: 'build-url',
  ciJob: 'ci-job',
};

/**
 * The build an import records: each flag given wins over the CI's variable (unless `useEnv` is
 * false); `source` names where the rest came from, for the log.
 */
export function buildOfImport(
  flags: Partial<Record<BuildField, string>>,
  env: Env,
  useEnv: boolean,
): { build: CiBuild; source: string | undefined } {
  const fromCi = useEnv ? ciBuildFromEnv(env) : undefined;
  const build: CiBuild = { ...fromCi?.build };
  for (const field of Object.keys(BUILD_FIELDS) as BuildField[]) {
    const value = flags[field]?.trim();
    if (value) build[field] = value;
  }
  return { build, source: fromCi?.system };
}

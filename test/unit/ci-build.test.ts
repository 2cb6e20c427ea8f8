import { ciBuildFromEnv } from '../../src/cli/ci-build';

// The CI build `casebook import junit` records on its run, read from each CI system's variables.

describe('the CI build from the environment', () => {
  it('reads GitHub Actions, with the pull request branch over its merge ref and the run URL built', () => {
    const env = {
      GITHUB_ACTIONS: 'true',
      GITHUB_SHA: 'a1b2c3d4',
      GITHUB_REF_NAME: '42/merge',
      GITHUB_HEAD_REF: 'feature/cart',
      GITHUB_RUN_NUMBER: '118',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_RUN_ID: '9876543210',
      GITHUB_JOB: 'e2e',
    };
    expect(ciBuildFromEnv(env)).toEqual({
      system: 'GitHub Actions',
      build: {
        commit: 'a1b2c3d4',
        branch: 'feature/cart',
        buildNumber: '118',
        buildUrl: 'https://github.com/acme/shop/actions/runs/9876543210',
        ciJob: 'e2e',
      },
    });
    expect(ciBuildFromEnv({ ...env, GITHUB_HEAD_REF: '' })?.build.branch).toBe('42/merge');
    // Without the repository there is no URL to build.
    expect(ciBuildFromEnv({ ...env, GITHUB_REPOSITORY: undefined })?.build.buildUrl).toBeUndefined();
  });

  it('reads GitLab CI, CircleCI, Azure Pipelines and Jenkins', () => {
    expect(
      ciBuildFromEnv({
        GITLAB_CI: 'true',
        CI_COMMIT_SHA: 'c0ffee',
        CI_COMMIT_REF_NAME: 'main',
        CI_PIPELINE_IID: '77',
        CI_JOB_URL: 'https://gitlab.example.test/acme/shop/-/jobs/5',
        CI_JOB_NAME: 'test:unit',
      }),
    ).toEqual({
      system: 'GitLab CI',
      build: {
        commit: 'c0ffee',
        branch: 'main',
        buildNumber: '77',
        buildUrl: 'https://gitlab.example.test/acme/shop/-/jobs/5',
        ciJob: 'test:unit',
      },
    });
    expect(
      ciBuildFromEnv({
        CIRCLECI: 'true',
        CIRCLE_SHA1: 'beef',
        CIRCLE_BRANCH: 'dev',
        CIRCLE_BUILD_NUM: '9',
        CIRCLE_BUILD_URL: 'https://circleci.com/gh/acme/shop/9',
        CIRCLE_JOB: 'build',
      })?.build,
    ).toEqual({ commit: 'beef', branch: 'dev', buildNumber: '9', buildUrl: 'https://circleci.com/gh/acme/shop/9', ciJob: 'build' });
    expect(
      ciBuildFromEnv({
        TF_BUILD: 'True',
        BUILD_SOURCEVERSION: 'f00d',
        BUILD_SOURCEBRANCHNAME: 'release',
        BUILD_BUILDNUMBER: '20261127.3',
        SYSTEM_COLLECTIONURI: 'https://dev.azure.com/acme/',
        SYSTEM_TEAMPROJECT: 'shop',
        BUILD_BUILDID: '321',
        SYSTEM_JOBDISPLAYNAME: 'Run tests',
      })?.build,
    ).toEqual({
      commit: 'f00d',
      branch: 'release',
      buildNumber: '20261127.3',
      buildUrl: 'https://dev.azure.com/acme/shop/_build/results?buildId=321',
      ciJob: 'Run tests',
    });
    expect(
      ciBuildFromEnv({
        JENKINS_URL: 'https://jenkins.example.test/',
        GIT_COMMIT: 'abc123',
        GIT_BRANCH: 'origin/main',
        BUILD_NUMBER: '55',
        BUILD_URL: 'https://jenkins.example.test/job/shop/55/',
        JOB_NAME: 'shop',
      }),
    ).toEqual({
      system: 'Jenkins',
      build: {
        commit: 'abc123',
        branch: 'origin/main',
        buildNumber: '55',
        buildUrl: 'https://jenkins.example.test/job/shop/55/',
        ciJob: 'shop',
      },
    });
  });

  it('finds none outside CI, leaves out empty values, cuts long ones and drops a link that is not http(s)', () => {
    expect(ciBuildFromEnv({ BUILD_NUMBER: '5', GIT_COMMIT: 'abc' })).toBeUndefined();
    const long = 'x'.repeat(499) + '😀';
    const found = ciBuildFromEnv({ GITLAB_CI: 'true', CI_COMMIT_SHA: '  ', CI_COMMIT_REF_NAME: long, CI_JOB_URL: 'javascript:alert(1)' });
    expect(found?.build).toEqual({ branch: 'x'.repeat(499) });
  });
});

import { projectId, tool } from './tool-spec';

// Shared steps: named lists of steps of a project that a test takes in as one step { sharedStepsId }.

const sharedStepsId = 'Shared steps id (get-shared-steps)';
const steps = {
  text: 'The steps, in order (at most 100)',
  items: { action: 'What the tester does', expected: 'What should happen', data: 'The data to use, e.g. a user name' },
};

export const sharedStepsTools = [
  tool({
    name: 'get-shared-steps',
    description:
      "List the shared steps of a project (sharedStepsId, name, steps) with how many tests use each. Put { sharedStepsId } in a test's steps to use them.",
    route: 'GET /shared-steps',
    params: { projectId },
    example: { projectId: 3 },
  }),
  tool({
    name: 'add-shared-steps',
    description:
      "Add shared steps to a project: a named list of steps several tests share (e.g. a login). A test's steps then take them as one step { sharedStepsId }.",
    route: 'POST /project/add-shared-steps',
    params: { projectId, name: 'Name of the shared steps, e.g. "Log in as admin"', steps },
    example: {
      projectId: 3,
      name: 'Log in as admin',
      steps: [{ action: 'Open /login' }, { action: 'Sign in as admin', expected: 'The dashboard shows' }],
    },
  }),
  tool({
    name: 'edit-shared-steps',
    description:
      'Rename shared steps or replace their steps. Every test using them reads the new steps at once, and each gets a new version.',
    route: 'PUT /project/edit-shared-steps',
    params: { sharedStepsId, name: 'New name', steps },
    example: { sharedStepsId: 5, steps: [{ action: 'Open /login' }, { action: 'Sign in with SSO' }] },
  }),
  tool({
    name: 'delete-shared-steps',
    description: 'Delete shared steps that no test uses. Refused (in_use) while tests use them; the error names those tests.',
    route: 'DELETE /project/delete-shared-steps',
    params: { sharedStepsId },
    example: { sharedStepsId: 5 },
  }),
];

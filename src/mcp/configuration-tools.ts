import { projectId, tool } from './tool-spec';

// Configurations: the dimensions (Browser, OS) a test plan runs its selection across (part of the runs tool set).

export const configurationTools = [
  tool({
    name: 'get-configurations',
    description:
      "List a project's configuration groups (Browser, OS) by name, each with its options in order (Chrome, Firefox; Linux, Windows) and their optionIds. " +
      'Use it to find the optionIds a test plan takes to make one run per combination of options.',
    route: 'GET /project/configurations',
    params: { projectId },
    example: { projectId: 3 },
  }),
];

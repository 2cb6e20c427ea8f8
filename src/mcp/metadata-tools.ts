import { id, projectId, text, tool, z, type ToolSpec } from './tool-spec';

// Per-project metadata: labels, squads, sections, and the five lookup lists whose
// entry ids a test refers to (priorityId, platformId, ...).

const listOf = (name: string, path: string, what: string, field: string, resource: string): ToolSpec =>
  tool({
    name,
    description: `List the ${what} of a project${field ? `; use their ids as a test's ${field}` : ''}.`,
    input: { projectId },
    example: { projectId: 3 },
    method: 'GET', path,
    rbac: { resource, action: 'read' },
  });

const names = (what: string) => z.array(z.string()).describe(`${what} (array of strings)`);

export const metadataTools = [
  listOf('get-labels', '/labels', 'labels (labelId, labelName)', 'labels', 'label'),
  listOf('get-sections', '/sections', 'sections, the test suites (sectionId, sectionName, parentSectionId, depth)', 'sectionId', 'section'),
  listOf('get-squads', '/squads', 'squads (squadId, squadName)', 'squadId', 'squad'),
  listOf('get-priority', '/priority', 'priorities ({ id, name }, e.g. Critical, High)', 'priorityId', 'lookup'),
  listOf('get-platforms', '/platforms', 'platforms ({ id, name }, e.g. Web, Android)', 'platformId', 'lookup'),
  listOf('get-automation-status', '/automation-status', 'automation statuses ({ id, name }, e.g. Automated)', 'automationStatusId', 'lookup'),
  listOf('get-type', '/type', 'test types ({ id, name }, e.g. Functional, Smoke)', 'typeId', 'lookup'),
  listOf('get-test-covered-by', '/test-covered-by', 'coverage kinds ({ id, name }, e.g. Manual, E2E)', 'testCoveredById', 'lookup'),
  tool({
    name: 'add-labels',
    description:
      'Add labels to a project by name; a name that exists already (ignoring case) is returned, not duplicated. Returns the labels with their labelId. Needs the User role.',
    input: { projectId, labels: names('Label names') },
    example: { projectId: 3, labels: ['smoke', 'payments'] },
    method: 'POST', path: '/project/add-labels',
    rbac: { resource: 'label', action: 'create' },
  }),
  tool({
    name: 'add-squads',
    description:
      'Add squads (teams) to a project by name; a name that exists already (ignoring case) is returned, not duplicated. Returns the squads with their squadId. Needs the User role.',
    input: { projectId, squads: names('Squad names') },
    example: { projectId: 3, squads: ['Team Checkout'] },
    method: 'POST', path: '/project/add-squads',
    rbac: { resource: 'squad', action: 'create' },
  }),
  tool({
    name: 'add-section',
    description:
      'Add a section (test suite) to a project, at the top or inside another section (parentSectionId). Needs the User role.',
    input: {
      projectId,
      sectionName: text('Name of the section'),
      parentSectionId: id('Section to nest it in (get-sections); leave out for a top-level section').optional(),
    },
    example: { projectId: 3, sectionName: 'Payments', parentSectionId: 7 },
    method: 'POST', path: '/project/add-section',
    rbac: { resource: 'section', action: 'create' },
  }),
  tool({
    name: 'edit-section',
    description: 'Rename a section. Needs the User role.',
    input: { sectionId: id('Section id (get-sections)'), sectionName: text('New name') },
    example: { sectionId: 7, sectionName: 'Payments and refunds' },
    method: 'PUT', path: '/project/edit-section',
    rbac: { resource: 'section', action: 'update' },
  }),
];

import { projectId, tool, type HttpMethod, type ToolDecl } from './tool-spec';

// Per-project metadata: labels, squads, sections, and the five lookup lists whose
// entry ids a test refers to (priorityId, platformId, ...).

const listOf = (name: string, path: string, what: string, field: string): ToolDecl =>
  tool({
    name,
    description: `List the ${what} of a project${field ? `; use their ids as a test's ${field}` : ''}.`,
    route: `GET ${path}` as `${HttpMethod} /${string}`,
    params: { projectId },
    example: { projectId: 3 },
  });

const names = (what: string) => `${what} (array of strings)`;

const IN_USE =
  'Refused (in_use) while a live test holds it or a run shows it (an open run its tests, deleted ones too; a locked run its copy from lock time); the error counts them.';

const renameTool = (noun: string, idParam: string, nameParam: string, list: string, example: Record<string, unknown>) =>
  tool({
    name: `edit-${noun}`,
    description: `Rename a ${noun} of a project; its tests show the new name. Names stay unique in the project, ignoring case.`,
    route: `PUT /project/edit-${noun}` as `${HttpMethod} /${string}`,
    params: { [idParam]: `${noun[0].toUpperCase()}${noun.slice(1)} id (${list})`, [nameParam]: 'New name' },
    example,
  });

const deleteTool = (noun: string, idParam: string, list: string, example: Record<string, unknown>) =>
  tool({
    name: `delete-${noun}`,
    description: `Delete a ${noun} that nothing uses. ${IN_USE}`,
    route: `DELETE /project/delete-${noun}` as `${HttpMethod} /${string}`,
    params: { [idParam]: `${noun[0].toUpperCase()}${noun.slice(1)} id (${list})` },
    example,
  });

export const metadataTools = [
  listOf('get-labels', '/labels', 'labels (labelId, labelName)', 'labels'),
  listOf('get-sections', '/sections', 'sections, the test suites (sectionId, sectionName, parentSectionId, depth)', 'sectionId'),
  listOf('get-squads', '/squads', 'squads (squadId, squadName)', 'squadId'),
  listOf('get-priority', '/priority', 'priorities ({ id, name }, e.g. Critical, High)', 'priorityId'),
  listOf('get-platforms', '/platforms', 'platforms ({ id, name }, e.g. Web, Android)', 'platformId'),
  listOf('get-automation-status', '/automation-status', 'automation statuses ({ id, name }, e.g. Automated)', 'automationStatusId'),
  listOf('get-type', '/type', 'test types ({ id, name }, e.g. Functional, Smoke)', 'typeId'),
  listOf('get-test-covered-by', '/test-covered-by', 'coverage kinds ({ id, name }, e.g. Manual, E2E)', 'testCoveredById'),
  tool({
    name: 'add-labels',
    description:
      'Add labels to a project by name; a name that exists already (ignoring case) is returned, not duplicated. Returns the labels with their labelId.',
    route: 'POST /project/add-labels',
    params: { projectId, labels: names('Label names') },
    example: { projectId: 3, labels: ['smoke', 'payments'] },
  }),
  tool({
    name: 'add-squads',
    description:
      'Add squads (teams) to a project by name; a name that exists already (ignoring case) is returned, not duplicated. Returns the squads with their squadId.',
    route: 'POST /project/add-squads',
    params: { projectId, squads: names('Squad names') },
    example: { projectId: 3, squads: ['Team Checkout'] },
  }),
  renameTool('label', 'labelId', 'labelName', 'get-labels', { labelId: 12, labelName: 'smoke-web' }),
  deleteTool('label', 'labelId', 'get-labels', { labelId: 12 }),
  renameTool('squad', 'squadId', 'squadName', 'get-squads', { squadId: 4, squadName: 'Team Payments' }),
  deleteTool('squad', 'squadId', 'get-squads', { squadId: 4 }),
  tool({
    name: 'get-custom-fields',
    description:
      "List the custom fields of a project: each field's key, name, type (text, textarea, number, checkbox, date, url, select, multiselect, user), options, required flag, default and whether it belongs to tests or to results. Use the keys in a test's or a result's customFields.",
    route: 'GET /custom-fields',
    params: { projectId, appliesTo: 'Only the fields of tests (test) or of results in runs (result); absent: both' },
    example: { projectId: 3, appliesTo: 'test' },
  }),
  tool({
    name: 'add-custom-field',
    description:
      'Add a custom field to a project (at most 50): a field of tests or of results, of one type; select and multiselect take options. The key is derived from the name when not given. Returns the field with its fieldId and key.',
    route: 'POST /project/add-custom-field',
    params: {
      projectId,
      name: 'Name shown for the field, e.g. "Component"',
      key: 'Key values are stored under (lower-case letters, digits, _); absent: derived from the name',
      fieldType: 'text, textarea, number, checkbox, date (YYYY-MM-DD), url, select, multiselect or user (a member id)',
      options: 'The choices of a select or multiselect field (array of strings)',
      required: 'true: a new test (or result) takes the default, and without a default needs a value',
      defaultValue: 'The value a new test takes when none is given',
      appliesTo: 'test (a field of test cases) or result (a field of results in runs)',
    },
    rename: { fieldType: 'type' },
    example: { projectId: 3, name: 'Component', fieldType: 'select', options: ['Checkout', 'Search'], appliesTo: 'test' },
  }),
  tool({
    name: 'edit-custom-field',
    description:
      'Change the name, options, required flag or default of a custom field; its type and key stay. Removing an option that tests or results hold is refused (in_use, counting them).',
    route: 'PUT /project/edit-custom-field',
    params: {
      projectId,
      fieldId: 'Field id (get-custom-fields)',
      name: 'New name',
      options: 'The new choices of a select or multiselect field',
      required: 'Whether a value is required',
      defaultValue: 'The new default; null removes it',
    },
    example: { projectId: 3, fieldId: 5, options: ['Checkout', 'Search', 'Cart'] },
  }),
  tool({
    name: 'delete-custom-field',
    description: "Delete a custom field and its values on the project's tests and results (the status history keeps what it recorded).",
    route: 'DELETE /project/delete-custom-field',
    params: { projectId, fieldId: 'Field id (get-custom-fields)' },
    example: { projectId: 3, fieldId: 5 },
  }),
  tool({
    name: 'add-lookup',
    description:
      'Add an entry at the end of one lookup list of a project: a priority, platform, automation status, test type or coverage kind. Returns it with its id. A name the list holds already (ignoring case) is refused.',
    route: 'POST /project/add-lookup',
    params: {
      projectId,
      kind: 'Which list: priority, platform, automationStatus, type or testCoveredBy',
      name: 'Name of the new entry',
    },
    example: { projectId: 3, kind: 'priority', name: 'Blocker' },
  }),
  tool({
    name: 'edit-lookup',
    description:
      'Rename an entry of a lookup list (priority, platform, automation status, type, coverage kind); its tests show the new name.',
    route: 'PUT /project/edit-lookup',
    params: {
      lookupId: 'Entry id (get-priority, get-platforms, get-automation-status, get-type, get-test-covered-by)',
      name: 'New name',
    },
    example: { lookupId: 21, name: 'Blocker' },
  }),
  tool({
    name: 'delete-lookup',
    description: `Delete an entry of a lookup list that nothing uses. ${IN_USE}`,
    route: 'DELETE /project/delete-lookup',
    params: { lookupId: 'Entry id (get-priority, get-platforms, get-automation-status, get-type, get-test-covered-by)' },
    example: { lookupId: 21 },
  }),
  tool({
    name: 'add-section',
    description: 'Add a section (test suite) to a project, at the top or inside another section (parentSectionId).',
    route: 'POST /project/add-section',
    params: {
      projectId,
      sectionName: 'Name of the section',
      parentSectionId: 'Section to nest it in; leave out for a top-level section',
    },
    example: { projectId: 3, sectionName: 'Payments', parentSectionId: 7 },
  }),
  tool({
    name: 'edit-section',
    description: 'Rename a section; its tests and subsections stay in it. Names are unique among siblings, ignoring case.',
    route: 'PUT /project/edit-section',
    params: { sectionId: 'Section id', sectionName: 'New name' },
    example: { sectionId: 7, sectionName: 'Payments and refunds' },
  }),
  tool({
    name: 'delete-section',
    description:
      'Delete a section; its tests and subsections move to its parent section (to the top level for a top-level section), so no test is lost. Returns where they went and how many moved.',
    route: 'DELETE /project/delete-section',
    params: { sectionId: 'Section id' },
    example: { sectionId: 7 },
  }),
];

import { id, limit, offset, orgId, projectId, text, tool, z } from './tool-spec';

// Organizations, projects and users: where every other tool's ids come from.

export const projectTools = [
  tool({
    name: 'get-orgs-list',
    description:
      'List the organizations you are a member of, with their orgId. Use it first: every project lives in an organization, and get-projects needs an orgId.',
    input: {},
    example: {},
    method: 'GET', path: '/orgs',
    rbac: { resource: 'org', action: 'read' },
  }),
  tool({
    name: 'get-org-details',
    description: 'Show one organization with its project count. Use it to check an orgId or see how big an organization is.',
    input: { orgId },
    example: { orgId: 1 },
    method: 'GET', path: '/org/detail',
    rbac: { resource: 'org', action: 'read' },
  }),
  tool({
    name: 'get-projects',
    description:
      'List the projects of an organization, a page at a time (page from 1, pageSize up to 1000; the result has total and hasMore). Use it to find a projectId by name; isActive filters active or inactive projects.',
    input: {
      orgId,
      page: z.number().int().min(1).optional().describe('Page number from 1 (default 1)'),
      pageSize: z.number().int().min(1).max(1000).optional().describe('Projects per page, 1 to 1000 (default 100)'),
      isActive: z.boolean().optional().describe('Only active (true) or only inactive (false) projects'),
    },
    example: { orgId: 1, page: 1, pageSize: 50 },
    method: 'GET', path: '/projects',
    rbac: { resource: 'project', action: 'read' },
    paged: 'page',
  }),
  tool({
    name: 'get-project-detail',
    description: 'Show one project with its counts of tests and runs. Use it to check a project before working in it (is it active?).',
    input: { projectId },
    example: { projectId: 3 },
    method: 'GET', path: '/project/detail',
    rbac: { resource: 'project', action: 'read' },
  }),
  tool({
    name: 'create-project',
    description:
      'Create a project in an organization; its priority, type, platform, automation-status and coverage lists start with the defaults. Names are unique within an organization. Needs the User role.',
    input: {
      orgId,
      projectName: text('Name of the project, unique in the organization'),
      projectDescription: text('What the project is for').optional(),
    },
    example: { orgId: 1, projectName: 'Checkout', projectDescription: 'Web shop checkout flow' },
    method: 'POST', path: '/project/create',
    rbac: { resource: 'project', action: 'create' },
  }),
  tool({
    name: 'edit-project',
    description: 'Rename a project or change its description; fields left out stay as they are. Needs the User role.',
    input: {
      projectId,
      projectName: text('New name, unique in the organization').optional(),
      projectDescription: text('New description').optional(),
    },
    example: { projectId: 3, projectDescription: 'Checkout, payment and receipts' },
    method: 'PUT', path: '/project/edit',
    rbac: { resource: 'project', action: 'update' },
  }),
  tool({
    name: 'update-project-status',
    description:
      'Activate or deactivate a project. An inactive project refuses new tests, runs and metadata, so reactivate it (isActive: true) before writing to it. Needs the User role.',
    input: { projectId, isActive: z.boolean().describe('true: active, false: inactive') },
    example: { projectId: 3, isActive: false },
    method: 'PUT', path: '/project/update-status',
    rbac: { resource: 'project', action: 'update' },
  }),
];

export const userTools = [
  tool({
    name: 'get-user-details',
    description: "Show a user's name, email, role and organizations. Use it to check what a user may do before asking for an action their role may not allow.",
    input: { userId: id('User id') },
    example: { userId: 2 },
    method: 'GET', path: '/user/details',
    rbac: { resource: 'user', action: 'read' },
  }),
  tool({
    name: 'get-all-users',
    description:
      'List the users of your organizations (or of one, with orgId), a page at a time; the result has total and hasMore. Needs the Admin role.',
    input: {
      orgId: orgId.optional(),
      limit,
      offset,
    },
    example: { orgId: 1, limit: 50, offset: 0 },
    method: 'GET', path: '/all-users',
    rbac: { resource: 'user', action: 'list' },
    paged: 'limit-offset',
  }),
];

import { cursor, limit, offset, orgId, projectId, tool } from './tool-spec';

// Organizations, projects and users: where every other tool's ids come from.

export const projectTools = [
  tool({
    name: 'get-orgs-list',
    description:
      'List the organizations you are a member of, with their orgId. Use it first: every project lives in an organization, and get-projects needs an orgId.',
    route: 'GET /orgs',
    params: {},
    example: {},
  }),
  tool({
    name: 'get-org-details',
    description: 'Show one organization with its project count. Use it to check an orgId or see how big an organization is.',
    route: 'GET /org/detail',
    params: { orgId },
    example: { orgId: 1 },
  }),
  tool({
    name: 'get-projects',
    description:
      'List the projects of an organization, a page at a time. Use it to find a projectId by name; isActive filters active or inactive projects.',
    route: 'GET /projects',
    params: {
      orgId,
      page: 'Page number from 1 (default 1)',
      pageSize: 'Projects per page, 1 to 1000 (default 100)',
      isActive: 'Only active (true) or only inactive (false) projects',
      cursor: 'Where the pages start: the nextCursor of the previous page (page, if given, counts from there)',
    },
    example: { orgId: 1, page: 1, pageSize: 50 },
  }),
  tool({
    name: 'get-project-detail',
    description: 'Show one project with its counts of tests and runs. Use it to check a project before working in it (is it active?).',
    route: 'GET /project/detail',
    params: { projectId },
    example: { projectId: 3 },
  }),
  tool({
    name: 'get-project-context',
    description:
      "Every id and name a project's tests and runs refer to, in one answer: sections as paths (Checkout > Payments), labels, squads, " +
      'priorities, types, automation statuses, platforms, coverage kinds, custom fields, configurations, milestones, plans and members.',
    route: 'GET /project/context',
    params: { projectId },
    example: { projectId: 3 },
  }),
  tool({
    name: 'create-project',
    description:
      'Create a project in an organization; its priority, type, platform, automation-status and coverage lists start with the defaults. Names are unique within an organization.',
    route: 'POST /project/create',
    params: { orgId, projectName: 'Name of the project, unique in the organization', projectDescription: 'What the project is for' },
    example: { orgId: 1, projectName: 'Checkout', projectDescription: 'Web shop checkout flow' },
  }),
  tool({
    name: 'edit-project',
    description:
      'Rename a project, change its description, or set where defect ids of results link to (defectUrlTemplate); fields left out stay as they are.',
    route: 'PUT /project/edit',
    params: {
      projectId,
      projectName: 'New name, unique in the organization',
      projectDescription: 'New description',
      defectUrlTemplate: 'Link of a defect id, holding {id}: e.g. https://acme.atlassian.net/browse/{id}; null: ids are not linked',
    },
    example: { projectId: 3, projectDescription: 'Checkout, payment and receipts' },
  }),
  tool({
    name: 'update-project-status',
    description:
      'Activate or deactivate a project. An inactive project refuses new tests, runs and metadata, so reactivate it (isActive: true) before writing to it.',
    route: 'PUT /project/update-status',
    params: { projectId, isActive: 'true: active, false: inactive' },
    example: { projectId: 3, isActive: false },
  }),
  tool({
    name: 'create-org',
    description:
      'Create an organization, with you as its first Admin. Only an Admin of the installation may: an Admin of its first organization (the one made at first start).',
    route: 'POST /org/create',
    params: { orgName: 'Name of the organization, unique in the installation' },
    example: { orgName: 'Mobile team' },
  }),
];

export const userTools = [
  tool({
    name: 'get-user-details',
    description:
      "Show a user's name, email, role and organizations: your own always, another user's when you are Admin in an organization you share (as get-all-users). Use it to check what a user may do before asking for an action their role may not allow.",
    route: 'GET /user/details',
    // REST defaults to the caller; the tool is for looking at someone.
    params: { userId: { text: 'User id, name or email', required: true } },
    example: { userId: 2 },
  }),
  tool({
    name: 'get-all-users',
    description: 'List the users of your organizations (or of one, with orgId), a page at a time.',
    route: 'GET /all-users',
    params: { orgId, limit, offset, cursor },
    example: { orgId: 1, limit: 50, offset: 0 },
  }),
  tool({
    name: 'update-user-role',
    description:
      "Change a user's role in one of your organizations: Reader reads, User also writes tests and runs, Admin also deletes and manages users. An organization keeps at least one Admin; the change is recorded in the audit log.",
    route: 'PUT /user/update-role',
    params: {
      userId: 'User id, name or email (get-all-users)',
      role: 'Reader, User or Admin',
      orgId: 'Organization whose membership changes (get-orgs-list); needed when the user shares more than one with you',
    },
    example: { userId: 2, role: 'User', orgId: 1 },
  }),
  tool({
    name: 'get-audit',
    description:
      'List the audit log of an organization, newest first, a page at a time: role changes, invitations, API tokens, run locks, unlocks and resets, and deletions, each with who acted, on what, and when.',
    route: 'GET /audit',
    params: {
      orgId,
      actorId: 'Only what this user did (a userId, name or email, get-all-users)',
      action: 'Only entries of this kind, e.g. user.role-changed, token.generated, run.deleted',
      from: 'Only entries at or after this moment (ISO date-time, e.g. 2026-01-31T00:00:00Z)',
      to: 'Only entries before this moment (ISO date-time)',
      limit,
      offset,
      cursor,
    },
    example: { orgId: 1, action: 'user.role-changed', limit: 20 },
  }),
  tool({
    name: 'get-invitations',
    description:
      'List the pending invitations of an organization you administer (emails invited who have not signed in yet), newest first, with the role each will get, a page at a time.',
    route: 'GET /invitations',
    params: { orgId, limit, offset, cursor },
    example: { orgId: 1 },
  }),
  tool({
    name: 'revoke-invitation',
    description:
      "Withdraw a pending invitation (get-invitations lists them): that email's first sign-in no longer joins the organization. An accepted invitation cannot be revoked: change the member's role instead.",
    route: 'DELETE /invitation/revoke',
    params: { invitationId: 'Invitation id (get-invitations)' },
    example: { invitationId: 4 },
  }),
];

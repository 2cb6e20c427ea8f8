import { route } from '../../core/route';
import { z } from '../../core/schemas';
import { assignBody, assignResult, member, membersQuery, myWorkPage, myWorkQuery } from './assignment.schemas';
import { assignTests, getMyWork, listProjectMembers } from './assignment.service';

const tag = 'Assignment';

export const assignmentRoutes = [
  route({
    method: 'put',
    path: '/run/assign',
    resource: 'run',
    action: 'assign',
    tag,
    summary:
      'Assign tests of an open run (listed, or a selection) to a member of its organization, to nobody (null), ' +
      'or split them evenly between several members by section (distribute); all or nothing, 423 when locked',
    body: assignBody,
    response: assignResult,
    errors: ['project_inactive', 'run_locked', 'invalid_reference', 'no_matching_tests', 'assignee_not_member'],
    changes: { project: ({ body }) => body.projectId },
    handler: (ctx, { body }) => assignTests(ctx, body),
  }),
  route({
    method: 'get',
    path: '/project/members',
    resource: 'project',
    action: 'read',
    tag,
    summary: "The members of the project's organization, by name, with their emails: who the tests of its runs may be assigned to",
    query: membersQuery,
    response: z.array(member),
    handler: (ctx, { query }) => listProjectMembers(ctx, query.projectId),
  }),
  route({
    method: 'get',
    path: '/my/work',
    resource: 'run',
    action: 'read',
    tag,
    summary:
      "The caller's work: the open runs (not locked, in active projects of the caller's organizations) holding tests assigned " +
      'to them, newest first, each with those tests counted (done, untested); and how many wait across all of them',
    query: myWorkQuery,
    response: myWorkPage,
    handler: (ctx, { query }) => getMyWork(ctx, query),
  }),
];

import { route } from '../../core/route';
import { projectVersion } from '../projects/project-version';
import {
  createMilestoneBody,
  editMilestoneBody,
  listMilestonesQuery,
  milestoneDeleted,
  milestoneDetail,
  milestoneIdBody,
  milestonePage,
  milestoneDetailQuery,
  milestoneRecord,
  milestoneReport,
  milestoneReportQuery,
} from './milestones.schemas';
import { createMilestone, deleteMilestone, editMilestone, listMilestones, setMilestoneCompleted } from './milestones.service';
import { getMilestoneDetail } from './progress.service';
import { MILESTONE_REPORT_CONTENT_TYPES, milestoneReportDownload, openMilestoneReport } from '../../reports/milestone-report';

const tag = 'Milestones';
const changesProject = { project: ({ body }: { body: { projectId: number } }) => body.projectId };

export const milestoneRoutes = [
  route({
    method: 'get',
    path: '/milestones',
    resource: 'milestone',
    action: 'read',
    tag,
    summary:
      "The milestones of a project (open first, then by due date), each with the status counts of its runs and its sub-milestones' runs; paged by limit/offset",
    query: listMilestonesQuery,
    response: milestonePage,
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => listMilestones(ctx, query),
  }),
  route({
    method: 'get',
    path: '/milestone/detail',
    resource: 'milestone',
    action: 'read',
    tag,
    summary:
      "One milestone with its sub-milestones and its progress across its runs and its sub-milestones' runs: counts by status, pass rate, " +
      'untested results, failed results with their defects, one row per run, and whether it is overdue',
    query: milestoneDetailQuery,
    response: milestoneDetail,
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => getMilestoneDetail(ctx, query.projectId, query.milestoneId, query.failedLimit),
  }),
  route({
    method: 'post',
    path: '/milestone/create',
    resource: 'milestone',
    action: 'create',
    tag,
    summary:
      'Create a milestone, or a sub-milestone of a top-level one (parentId); dates are YYYY-MM-DD, the due date not before the start',
    body: createMilestoneBody,
    response: milestoneRecord,
    successStatus: 201,
    errors: ['project_inactive', 'invalid_reference', 'milestone_nesting'],
    changes: changesProject,
    handler: (ctx, { body }) => createMilestone(ctx, body),
  }),
  route({
    method: 'put',
    path: '/milestone/edit',
    resource: 'milestone',
    action: 'update',
    tag,
    summary:
      'Change a milestone: each field given is set (null clears it), absent ones are kept; a date given alone must agree with the other as stored',
    body: editMilestoneBody,
    response: milestoneRecord,
    errors: ['milestone_not_found', 'project_inactive', 'invalid_reference', 'milestone_nesting'],
    changes: changesProject,
    handler: (ctx, { body }) => editMilestone(ctx, body),
  }),
  route({
    method: 'put',
    path: '/milestone/complete',
    resource: 'milestone',
    action: 'update',
    tag,
    summary: 'Mark an open milestone completed, recording when; completing a completed one is 409',
    body: milestoneIdBody,
    response: milestoneRecord,
    errors: ['milestone_not_found', 'project_inactive', 'milestone_completed'],
    changes: changesProject,
    handler: (ctx, { body }) => setMilestoneCompleted(ctx, body, true),
  }),
  route({
    method: 'put',
    path: '/milestone/reopen',
    resource: 'milestone',
    action: 'update',
    tag,
    summary: 'Reopen a completed milestone (completedAt cleared); reopening an open one is 409',
    body: milestoneIdBody,
    response: milestoneRecord,
    errors: ['milestone_not_found', 'project_inactive', 'milestone_open'],
    changes: changesProject,
    handler: (ctx, { body }) => setMilestoneCompleted(ctx, body, false),
  }),
  route({
    method: 'delete',
    path: '/milestone/delete',
    resource: 'milestone',
    action: 'delete',
    tag,
    summary: 'Delete a milestone: its runs stay, belonging to no milestone; its sub-milestones become top-level milestones',
    body: milestoneIdBody,
    response: milestoneDeleted,
    errors: ['milestone_not_found', 'project_inactive'],
    changes: { ...changesProject, audit: true },
    handler: (ctx, { body }) => deleteMilestone(ctx, body),
  }),
  route({
    method: 'get',
    path: '/milestone/report',
    resource: 'milestone',
    action: 'read',
    tag,
    summary:
      'Report of a milestone as a file: json (default; { milestone, project }: the milestone as GET /milestone/detail answers it), html or pdf',
    query: milestoneReportQuery,
    download: MILESTONE_REPORT_CONTENT_TYPES,
    response: milestoneReport,
    errors: ['milestone_not_found'],
    handler: async (ctx, { query }) => milestoneReportDownload(await openMilestoneReport(ctx, query), query.format),
  }),
];

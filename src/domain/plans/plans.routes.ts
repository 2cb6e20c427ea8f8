import { route } from '../../core/route';
import { projectVersion } from '../projects/project-version';
import {
  addEntryBody,
  createPlanBody,
  editPlanBody,
  listPlansQuery,
  planCreated,
  planDeleted,
  planDetail,
  planIdBody,
  planLocked,
  planPage,
  planQuery,
  planRecord,
  planReport,
  planReportQuery,
} from './plans.schemas';
import { addPlanEntry, createPlan, deletePlan, editPlan, listPlans, lockPlan, unlockPlan } from './plans.service';
import { getPlanDetail } from './plan-detail.service';
import { openPlanReport, PLAN_REPORT_CONTENT_TYPES, planReportDownload } from '../../reports/plan-report';

const tag = 'Test plans';
const changesProject = { project: ({ body }: { body: { projectId: number } }) => body.projectId };
const entryErrors = [
  'project_inactive',
  'invalid_reference',
  'no_matching_tests',
  'run_too_large',
  'plan_too_large',
  'assignee_not_member',
] as const;

export const planRoutes = [
  route({
    method: 'get',
    path: '/plans',
    resource: 'plan',
    action: 'read',
    tag,
    summary: "The project's test plans, newest first, each with its number of runs and their results added up; paged by limit/offset",
    query: listPlansQuery,
    response: planPage,
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => listPlans(ctx, query),
  }),
  route({
    method: 'get',
    path: '/plan/detail',
    resource: 'plan',
    action: 'read',
    tag,
    summary:
      'One test plan: its runs with their counts, the results added up, results per assignee (done / total), and a page of its ' +
      'status matrix: one row per test (by id), one column per configuration, each cell the status in the newest run of that configuration',
    query: planQuery,
    response: planDetail,
    errors: ['plan_not_found'],
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => getPlanDetail(ctx, query),
  }),
  route({
    method: 'post',
    path: '/plan/create',
    resource: 'plan',
    action: 'create',
    tag,
    summary:
      'Create a test plan: one run per entry and configuration combination, each with its tests untested (and assigned when asked), ' +
      'named "<plan> – <options>", in the plan\'s milestone; all in one transaction',
    body: createPlanBody,
    response: planCreated,
    successStatus: 201,
    errors: [...entryErrors],
    changes: changesProject,
    handler: (ctx, { body }) => createPlan(ctx, body),
  }),
  route({
    method: 'put',
    path: '/plan/add-entry',
    resource: 'plan',
    action: 'update',
    tag,
    summary: "Add an entry to an open plan: its runs are made as the plan's first ones were (names, milestone), in one transaction",
    body: addEntryBody,
    response: planCreated,
    errors: ['plan_not_found', 'plan_locked', ...entryErrors],
    changes: changesProject,
    handler: (ctx, { body }) => addPlanEntry(ctx, body),
  }),
  route({
    method: 'put',
    path: '/plan/edit',
    resource: 'plan',
    action: 'update',
    tag,
    summary:
      "Change an open plan's name, description or milestone: a new name renames its runs that carry the old one, a milestone moves all its runs",
    body: editPlanBody,
    response: planRecord,
    errors: ['plan_not_found', 'plan_locked', 'project_inactive', 'invalid_reference'],
    changes: changesProject,
    handler: (ctx, { body }) => editPlan(ctx, body),
  }),
  route({
    method: 'put',
    path: '/plan/lock',
    resource: 'plan',
    action: 'lock',
    tag,
    summary: 'Lock the plan: each of its open runs is locked as PUT /run/lock locks one, in one transaction; a locked plan is 423',
    body: planIdBody,
    response: planLocked,
    errors: ['plan_not_found', 'plan_locked', 'project_inactive'],
    changes: { ...changesProject, audit: true },
    handler: (ctx, { body }) => lockPlan(ctx, body),
  }),
  route({
    method: 'put',
    path: '/plan/unlock',
    resource: 'plan',
    action: 'unlock',
    tag,
    summary: 'Unlock a locked plan and each of its locked runs (Admin); an open plan is 409',
    body: planIdBody,
    response: planLocked,
    errors: ['plan_not_found', 'plan_not_locked', 'project_inactive'],
    changes: { ...changesProject, audit: true },
    handler: (ctx, { body }) => unlockPlan(ctx, body),
  }),
  route({
    method: 'delete',
    path: '/plan/delete',
    resource: 'plan',
    action: 'delete',
    tag,
    summary: 'Delete a plan with all its runs, their results and history (Admin); a locked plan too',
    body: planIdBody,
    response: planDeleted,
    errors: ['plan_not_found', 'project_inactive'],
    changes: { ...changesProject, audit: true },
    handler: (ctx, { body }) => deletePlan(ctx, body),
  }),
  route({
    method: 'get',
    path: '/plan/report',
    resource: 'plan',
    action: 'read',
    tag,
    summary:
      'Report of a plan as a file: json (default; { plan, project }: the plan as GET /plan/detail answers it, its matrix holding the tests ' +
      'failed or blocked in some run, up to 1,000), html or pdf',
    query: planReportQuery,
    download: PLAN_REPORT_CONTENT_TYPES,
    response: planReport,
    errors: ['plan_not_found'],
    handler: async (ctx, { query }) => planReportDownload(await openPlanReport(ctx, query), query.format),
  }),
];

import { route } from '../../core/route';
import {
  createProjectBody,
  editProjectBody,
  listProjectsQuery,
  projectDeleted,
  projectDetailRecord,
  projectIdBody,
  projectIdQuery,
  projectPage,
  projectRecord,
  projectStatusBody,
} from './projects.schemas';
import { projectOrgSql } from '../orgs/data';
import { orgVersion } from '../orgs/org-version';
import { projectDetailVersion } from './project-version';
import { ifMatchHeaders } from '../../core/record-stamp';
import { createProject, deleteProject, editProject, getProject, listProjects, setProjectStatus } from './projects.service';

const tag = 'Projects';

export const projectRoutes = [
  route({
    method: 'get',
    path: '/projects',
    resource: 'project',
    action: 'read',
    tag,
    summary: 'List the projects of an organization (paged by page/pageSize)',
    query: listProjectsQuery,
    response: projectPage,
    caching: { etag: orgVersion },
    handler: (ctx, { query }) => listProjects(ctx, query),
  }),
  route({
    method: 'get',
    path: '/project/detail',
    resource: 'project',
    action: 'read',
    tag,
    summary: 'One project with its counts of tests and runs',
    query: projectIdQuery,
    response: projectDetailRecord,
    caching: { etag: projectDetailVersion },
    handler: (ctx, { query }) => getProject(ctx, query.projectId),
  }),
  route({
    method: 'post',
    path: '/project/create',
    resource: 'project',
    action: 'create',
    tag,
    summary: 'Create a project; its lookup lists are seeded with the defaults',
    body: createProjectBody,
    response: projectRecord,
    successStatus: 201,
    errors: ['duplicate_name'],
    idempotent: true,
    changes: { org: ({ body }) => body.orgId },
    handler: (ctx, { body }) => createProject(ctx, body),
  }),
  route({
    method: 'put',
    path: '/project/edit',
    resource: 'project',
    action: 'update',
    tag,
    summary:
      'Rename a project, change its description or its defectUrlTemplate (where defect ids of results link to; null clears it). ' +
      'With If-Match (the ETag of GET /project/detail), 412 when one of those changed since',
    headers: ifMatchHeaders,
    body: editProjectBody,
    response: projectRecord,
    errors: ['duplicate_name', 'edit_conflict'],
    changes: { project: ({ body }) => body.projectId, org: ({ body }) => projectOrgSql(body.projectId) },
    handler: (ctx, { body, headers }) => editProject(ctx, body, headers?.['if-match']),
  }),
  route({
    method: 'put',
    path: '/project/update-status',
    resource: 'project',
    action: 'update',
    tag,
    summary: 'Activate or deactivate a project',
    body: projectStatusBody,
    response: projectRecord,
    changes: { project: ({ body }) => body.projectId, org: ({ body }) => projectOrgSql(body.projectId) },
    handler: (ctx, { body }) => setProjectStatus(ctx, body.projectId, body.isActive),
  }),
  route({
    method: 'delete',
    path: '/project/delete',
    resource: 'project',
    action: 'delete',
    tag,
    summary: 'Delete a project with all its tests, runs and metadata',
    body: projectIdBody,
    response: projectDeleted,
    changes: { org: ({ body }) => projectOrgSql(body.projectId), audit: true },
    handler: (ctx, { body }) => deleteProject(ctx, body.projectId),
  }),
];

import { route } from '../../core/route';
import {
  createProjectBody, editProjectBody, listProjectsQuery, projectDeleted, projectDetailRecord, projectIdBody,
  projectIdQuery, projectPage, projectRecord, projectStatusBody,
} from './projects.schemas';
import { createProject, deleteProject, editProject, getProject, listProjects, setProjectStatus } from './projects.service';

const tag = 'Projects';

export const projectRoutes = [
  route({
    method: 'get', path: '/projects', resource: 'project', action: 'read', tag,
    summary: 'List the projects of an organization (paged by page/pageSize)',
    query: listProjectsQuery, response: projectPage, errors: [404],
    handler: (ctx, { query }) => listProjects(ctx, query),
  }),
  route({
    method: 'get', path: '/project/detail', resource: 'project', action: 'read', tag,
    summary: 'One project with its counts of tests and runs',
    query: projectIdQuery, response: projectDetailRecord, errors: [404],
    handler: (ctx, { query }) => getProject(ctx, query.projectId),
  }),
  route({
    method: 'post', path: '/project/create', resource: 'project', action: 'create', tag,
    summary: 'Create a project; its lookup lists are seeded with the defaults',
    body: createProjectBody, response: projectRecord, successStatus: 201, errors: [404, 409],
    handler: (ctx, { body }) => createProject(ctx, body),
  }),
  route({
    method: 'put', path: '/project/edit', resource: 'project', action: 'update', tag,
    summary: "Rename a project or change its description",
    body: editProjectBody, response: projectRecord, errors: [404, 409],
    handler: (ctx, { body }) => editProject(ctx, body),
  }),
  route({
    method: 'put', path: '/project/update-status', resource: 'project', action: 'update', tag,
    summary: 'Activate or deactivate a project',
    body: projectStatusBody, response: projectRecord, errors: [404],
    handler: (ctx, { body }) => setProjectStatus(ctx, body.projectId, body.isActive),
  }),
  route({
    method: 'delete', path: '/project/delete', resource: 'project', action: 'delete', tag,
    summary: 'Delete a project with all its tests, runs and metadata',
    body: projectIdBody, response: projectDeleted, errors: [404],
    handler: (ctx, { body }) => deleteProject(ctx, body.projectId),
  }),
];

import { route } from '../../core/route';
import { z } from '../../core/schemas';
import { projectVersion } from '../projects/project-version';
import { projectIdQuery } from '../projects/projects.schemas';
import { sharedStepsProjectSql } from './data';
import {
  addSharedStepsBody,
  deleteSharedStepsBody,
  editSharedStepsBody,
  sharedStepsDeleted,
  sharedStepsEdited,
  sharedStepsListItem,
  sharedStepsRecord,
} from './shared-steps.schemas';
import { addSharedSteps, deleteSharedSteps, editSharedSteps, listProjectSharedSteps } from './shared-steps.service';

const tag = 'Shared steps';

export const sharedStepsRoutes = [
  route({
    method: 'get',
    path: '/shared-steps',
    resource: 'shared-steps',
    action: 'read',
    tag,
    summary: 'The shared steps of a project, by name, each with how many live tests use them',
    query: projectIdQuery,
    response: z.array(sharedStepsListItem),
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => listProjectSharedSteps(ctx, query.projectId),
  }),
  route({
    method: 'post',
    path: '/project/add-shared-steps',
    resource: 'shared-steps',
    action: 'create',
    tag,
    summary: 'Add shared steps: a named list of steps a test takes in as one step { sharedStepsId }',
    body: addSharedStepsBody,
    response: sharedStepsRecord,
    successStatus: 201,
    errors: ['project_inactive'],
    changes: { project: ({ body }) => body.projectId },
    handler: (ctx, { body }) => addSharedSteps(ctx, body),
  }),
  route({
    method: 'put',
    path: '/project/edit-shared-steps',
    resource: 'shared-steps',
    action: 'update',
    tag,
    summary: 'Rename shared steps or replace their steps; every test using them reads the new steps and gets a new version',
    body: editSharedStepsBody,
    response: sharedStepsEdited,
    errors: ['shared_steps_not_found', 'project_inactive'],
    changes: { project: ({ body }) => sharedStepsProjectSql(body.sharedStepsId) },
    handler: (ctx, { body }) => editSharedSteps(ctx, body),
  }),
  route({
    method: 'delete',
    path: '/project/delete-shared-steps',
    resource: 'shared-steps',
    action: 'delete',
    tag,
    summary: 'Delete shared steps no live test uses; else 409 in_use naming the tests that use them',
    body: deleteSharedStepsBody,
    response: sharedStepsDeleted,
    errors: ['shared_steps_not_found', 'in_use', 'project_inactive'],
    changes: { project: ({ body }) => sharedStepsProjectSql(body.sharedStepsId), audit: true },
    handler: (ctx, { body }) => deleteSharedSteps(ctx, body.sharedStepsId),
  }),
];

import { projectVersion } from '../projects/project-version';
import { route } from '../../core/route';
import { z } from '../../core/schemas';
import { projectIdQuery } from '../projects/projects.schemas';
import { addLabelsBody, addSquadsBody, labelRecord, squadRecord } from './labels.schemas';
import { addNames, labelKind, listNames, squadKind } from './labels.service';

const tag = 'Metadata';

export const labelRoutes = [
  route({
    method: 'get',
    path: '/labels',
    resource: 'label',
    action: 'read',
    tag,
    summary: 'The labels of a project',
    query: projectIdQuery,
    response: z.array(labelRecord),
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => listNames(ctx, labelKind, query.projectId),
  }),
  route({
    method: 'post',
    path: '/project/add-labels',
    resource: 'label',
    action: 'create',
    tag,
    summary: 'Add labels by name; names that exist (case-insensitively) are returned, not duplicated',
    body: addLabelsBody,
    response: z.array(labelRecord),
    successStatus: 201,
    errors: ['duplicate_name', 'project_inactive'],
    changes: { project: ({ body }) => body.projectId },
    handler: (ctx, { body }) => addNames(ctx, labelKind, body.projectId, body.labels),
  }),
  route({
    method: 'get',
    path: '/squads',
    resource: 'squad',
    action: 'read',
    tag,
    summary: 'The squads of a project',
    query: projectIdQuery,
    response: z.array(squadRecord),
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => listNames(ctx, squadKind, query.projectId),
  }),
  route({
    method: 'post',
    path: '/project/add-squads',
    resource: 'squad',
    action: 'create',
    tag,
    summary: 'Add squads by name; names that exist (case-insensitively) are returned, not duplicated',
    body: addSquadsBody,
    response: z.array(squadRecord),
    successStatus: 201,
    errors: ['duplicate_name', 'project_inactive'],
    changes: { project: ({ body }) => body.projectId },
    handler: (ctx, { body }) => addNames(ctx, squadKind, body.projectId, body.squads),
  }),
];

import { route } from '../../core/route';
import { projectVersion } from '../projects/project-version';
import {
  addGroupBody,
  configurationGroup,
  configurationList,
  configurationsQuery,
  editGroupBody,
  groupDeleted,
  groupIdBody,
} from './configurations.schemas';
import { addConfigurationGroup, deleteConfigurationGroup, editConfigurationGroup, listConfigurations } from './configurations.service';

const tag = 'Configurations';
const changesProject = { project: ({ body }: { body: { projectId: number } }) => body.projectId };

export const configurationRoutes = [
  route({
    method: 'get',
    path: '/project/configurations',
    resource: 'configuration',
    action: 'read',
    tag,
    summary:
      "The project's configuration groups (Browser, OS) by name, each with its options in order: what a test plan's runs are made across",
    query: configurationsQuery,
    response: configurationList,
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => listConfigurations(ctx, query.projectId),
  }),
  route({
    method: 'post',
    path: '/project/add-configuration-group',
    resource: 'configuration',
    action: 'create',
    tag,
    summary: 'Add a configuration group with its options in order; its name is unique in the project, compared case-insensitively',
    body: addGroupBody,
    response: configurationGroup,
    successStatus: 201,
    errors: ['project_inactive', 'duplicate_name'],
    changes: changesProject,
    handler: (ctx, { body }) => addConfigurationGroup(ctx, body),
  }),
  route({
    method: 'put',
    path: '/project/edit-configuration-group',
    resource: 'configuration',
    action: 'update',
    tag,
    summary:
      'Rename a configuration group, or give its whole new list of options: listed ones are kept (renamed, reordered), new ones added, the rest deleted',
    body: editGroupBody,
    response: configurationGroup,
    errors: ['configuration_group_not_found', 'project_inactive', 'duplicate_name', 'invalid_reference'],
    changes: changesProject,
    handler: (ctx, { body }) => editConfigurationGroup(ctx, body),
  }),
  route({
    method: 'delete',
    path: '/project/delete-configuration-group',
    resource: 'configuration',
    action: 'delete',
    tag,
    summary: 'Delete a configuration group and its options; runs already made with them keep their names',
    body: groupIdBody,
    response: groupDeleted,
    errors: ['configuration_group_not_found', 'project_inactive'],
    changes: { ...changesProject, audit: true },
    handler: (ctx, { body }) => deleteConfigurationGroup(ctx, body),
  }),
];

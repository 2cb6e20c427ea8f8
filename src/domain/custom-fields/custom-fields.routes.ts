import { route } from '../../core/route';
import { z } from '../../core/schemas';
import { projectVersion } from '../projects/project-version';
import {
  addFieldBody,
  deleteFieldBody,
  editFieldBody,
  fieldDeleted,
  fieldRecord,
  listFieldsQuery,
  MAX_FIELDS,
} from './custom-fields.schemas';
import { addField, deleteField, editField, listFields } from './custom-fields.service';

const tag = 'Metadata';
const resource = 'custom-field';

export const customFieldRoutes = [
  route({
    method: 'get',
    path: '/custom-fields',
    resource,
    action: 'read',
    tag,
    summary: "The custom fields of a project (of tests or of results with appliesTo): the keys of tests' and results' customFields",
    query: listFieldsQuery,
    response: z.array(fieldRecord),
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => listFields(ctx, query.projectId, query.appliesTo),
  }),
  route({
    method: 'post',
    path: '/project/add-custom-field',
    resource,
    action: 'create',
    tag,
    summary: `Add a custom field to a project (at most ${MAX_FIELDS}); its key is derived from the name when not given`,
    body: addFieldBody,
    response: fieldRecord,
    successStatus: 201,
    errors: ['duplicate_key', 'field_limit', 'project_inactive'],
    changes: { project: ({ body }) => body.projectId },
    handler: (ctx, { body }) => addField(ctx, body),
  }),
  route({
    method: 'put',
    path: '/project/edit-custom-field',
    resource,
    action: 'update',
    tag,
    summary:
      'Change the name, options, required flag or default of a custom field (not its type or key); removing an option tests or results hold is 409 in_use',
    body: editFieldBody,
    response: fieldRecord,
    errors: ['custom_field_not_found', 'in_use', 'project_inactive'],
    changes: { project: ({ body }) => body.projectId },
    handler: (ctx, { body }) => editField(ctx, body),
  }),
  route({
    method: 'delete',
    path: '/project/delete-custom-field',
    resource,
    action: 'delete',
    tag,
    summary: "Delete a custom field and its values on the project's tests and results (the status history keeps what it recorded)",
    body: deleteFieldBody,
    response: fieldDeleted,
    errors: ['custom_field_not_found', 'project_inactive'],
    changes: { project: ({ body }) => body.projectId, audit: true },
    handler: (ctx, { body }) => deleteField(ctx, body.projectId, body.fieldId),
  }),
];

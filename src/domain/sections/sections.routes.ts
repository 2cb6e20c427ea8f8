import { sectionProjectSql } from '../projects/data';
import { projectVersion } from '../projects/project-version';
import { route } from '../../core/route';
import { z } from '../../core/schemas';
import { projectIdQuery } from '../projects/projects.schemas';
import { addSectionBody, deleteSectionBody, editSectionBody, sectionDeleted, sectionRecord } from './sections.schemas';
import { addSection, deleteSection, editSection, listSections } from './sections.service';

const tag = 'Metadata';

export const sectionRoutes = [
  route({
    method: 'get',
    path: '/sections',
    resource: 'section',
    action: 'read',
    tag,
    summary: 'Every section of a project with its parent and depth, in tree order',
    query: projectIdQuery,
    response: z.array(sectionRecord),
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => listSections(ctx, query.projectId),
  }),
  route({
    method: 'post',
    path: '/project/add-section',
    resource: 'section',
    action: 'create',
    tag,
    summary: 'Add a section, at the top level or under a parent section of the same project',
    body: addSectionBody,
    response: sectionRecord,
    successStatus: 201,
    errors: ['duplicate_name', 'project_inactive', 'invalid_reference'],
    idempotent: true,
    changes: { project: ({ body }) => body.projectId },
    handler: (ctx, { body }) => addSection(ctx, body),
  }),
  route({
    method: 'put',
    path: '/project/edit-section',
    resource: 'section',
    action: 'update',
    tag,
    summary: 'Rename a section; an optional parentSectionId moves it (null: to the top level)',
    body: editSectionBody,
    response: sectionRecord,
    errors: ['duplicate_name', 'project_inactive', 'invalid_reference'],
    changes: { project: ({ body }) => sectionProjectSql(body.sectionId) },
    handler: (ctx, { body }) => editSection(ctx, body),
  }),
  route({
    method: 'delete',
    path: '/project/delete-section',
    resource: 'section',
    action: 'delete',
    tag,
    summary: 'Delete a section; its tests and subsections move to its parent',
    body: deleteSectionBody,
    response: sectionDeleted,
    errors: ['duplicate_name', 'project_inactive'],
    changes: { project: ({ body }) => sectionProjectSql(body.sectionId), audit: true },
    handler: (ctx, { body }) => deleteSection(ctx, body.sectionId),
  }),
];

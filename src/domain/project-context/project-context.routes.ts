import { route } from '../../core/route';
import { projectIdQuery } from '../projects/projects.schemas';
import { projectContext } from './project-context.schemas';
import { getProjectContext } from './project-context.service';

export const projectContextRoutes = [
  route({
    method: 'get',
    path: '/project/context',
    resource: 'project',
    action: 'read',
    tag: 'Projects',
    summary:
      "A project's sections (as paths), labels, squads, lookup lists, custom fields, configurations, milestones, plans and members in one answer: " +
      'the names and ids its tests and runs refer to',
    query: projectIdQuery,
    response: projectContext,
    handler: (ctx, { query }) => getProjectContext(ctx, query.projectId),
  }),
];

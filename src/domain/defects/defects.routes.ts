import { route } from '../../core/route';
import { projectVersion } from '../projects/project-version';
import { defectPage, listDefectsQuery } from './defects.schemas';
import { listDefects } from './defects.service';

export const defectRoutes = [
  route({
    method: 'get',
    path: '/defects',
    resource: 'run',
    action: 'read',
    tag: 'Runs',
    summary:
      "The defects linked from a project's current results (or one run's): each with its url, the results (run and test) " +
      'linking to it, and how many of them are failed; most failed first, paged by limit/offset',
    query: listDefectsQuery,
    response: defectPage,
    caching: { etag: projectVersion, answerCache: true },
    handler: (ctx, { query }) => listDefects(ctx, query),
  }),
];

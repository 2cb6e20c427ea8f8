import { route } from '../../core/route';
import { activityQuery, projectActivity as activityResult } from './activity.schemas';
import { projectActivity } from './activity.service';

export const activityRoutes = [
  route({
    method: 'get',
    path: '/project/activity',
    resource: 'project',
    action: 'read',
    tag: 'Projects',
    summary:
      'Who created, changed, deleted or ran what in a project over a span (since, until): from the tests and their versions, the runs ' +
      'and their results, and the audit log; by person (most active first) and kind, each with its latest records by title and the count ' +
      'of the rest. since and until take ISO dates and times, today, yesterday, or an age (24h, 7d)',
    query: activityQuery,
    response: activityResult,
    // Not tagged: a span given as an age moves with the clock, not only with the project's writes.
    handler: (ctx, { query }) => projectActivity(ctx, query),
  }),
];

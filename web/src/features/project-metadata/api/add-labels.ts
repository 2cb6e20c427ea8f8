import { api, unwrap } from '../../../lib/api';

/** POST /project/add-labels: a name the project holds already (ignoring case) comes back, not a second one. */
export const addLabels = (projectId: number, labels: string[]) =>
  unwrap(api.POST('/api/v1/project/add-labels', { body: { projectId, labels } }));

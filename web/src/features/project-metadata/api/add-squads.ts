import { api, unwrap } from '../../../lib/api';

/** POST /project/add-squads: a name the project holds already (ignoring case) comes back, not a second one. */
export const addSquads = (projectId: number, squads: string[]) =>
  unwrap(api.POST('/api/v1/project/add-squads', { body: { projectId, squads } }));

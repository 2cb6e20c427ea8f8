import { api, unwrap } from '../../../lib/api';

/** PUT /project/edit-squad: renames a squad. */
export const editSquad = (squadId: number, squadName: string) =>
  unwrap(api.PUT('/api/v1/project/edit-squad', { body: { squadId, squadName } }));

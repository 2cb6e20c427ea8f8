import { api, unwrap } from '../../../lib/api';

/** DELETE /project/delete-squad: refused (409 in_use) while tests or runs use it. */
export const deleteSquad = (squadId: number) => unwrap(api.DELETE('/api/v1/project/delete-squad', { body: { squadId } }));

import { api, unwrap } from '../../../lib/api';

/** PUT /project/edit-lookup: renames an entry of a lookup list. */
export const editLookup = (lookupId: number, name: string) => unwrap(api.PUT('/api/v1/project/edit-lookup', { body: { lookupId, name } }));

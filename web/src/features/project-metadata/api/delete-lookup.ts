import { api, unwrap } from '../../../lib/api';

/** DELETE /project/delete-lookup: refused (409 in_use) while tests or runs use it. */
export const deleteLookup = (lookupId: number) => unwrap(api.DELETE('/api/v1/project/delete-lookup', { body: { lookupId } }));

import { api, unwrap } from '../../../lib/api';

/** DELETE /project/delete-label: refused (409 in_use) while tests or runs use it. */
export const deleteLabel = (labelId: number) => unwrap(api.DELETE('/api/v1/project/delete-label', { body: { labelId } }));

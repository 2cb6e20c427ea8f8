import { api, unwrap } from '../../../lib/api';

/** PUT /project/edit-label: renames a label. */
export const editLabel = (labelId: number, labelName: string) =>
  unwrap(api.PUT('/api/v1/project/edit-label', { body: { labelId, labelName } }));

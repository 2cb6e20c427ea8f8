import { api, unwrap } from '../../../lib/api';
import type { LookupKind } from './get-lookups';

/** POST /project/add-lookup: a new entry at the end of one lookup list (409 duplicate_name for a name it holds). */
export const addLookup = (projectId: number, kind: LookupKind, name: string) =>
  unwrap(api.POST('/api/v1/project/add-lookup', { body: { projectId, kind, name } }));

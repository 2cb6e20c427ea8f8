import { hashKey, type QueryKey } from '@tanstack/react-query';
import { ApiError, unwrap } from './api';

// Edits guarded by If-Match. A read of one record (GET /test/details, /run/detail,
// /project/detail) answers an ETag naming the record's version; a save sends it back
// in If-Match, and the server refuses it (412 edit_conflict) when someone else saved
// the record since. The ETag is kept beside the query's data, by its query key: the
// data itself stays the API's record, whoever else reads it.

const etags = new Map<string, string>();

/** `unwrap` for a record's read: its data, keeping the answer's ETag under `queryKey`. */
export async function unwrapRecord<T>(
  queryKey: QueryKey,
  request: Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
): Promise<T> {
  const answered = await request;
  const data = await unwrap(Promise.resolve(answered));
  const etag = answered.response.headers.get('ETag');
  if (etag) etags.set(hashKey(queryKey), etag);
  else etags.delete(hashKey(queryKey));
  return data;
}

/** The ETag of the last read of the record under `queryKey`, undefined until one answered (or after `forgetEtag`). */
export const etagOf = (queryKey: QueryKey): string | undefined => etags.get(hashKey(queryKey));

/** After a save the kept ETag is the record's old version: forgotten until the record is read again. */
export const forgetEtag = (queryKey: QueryKey): void => void etags.delete(hashKey(queryKey));

/** The If-Match header of a save based on `etag` (none without one: then the last save wins). */
export const ifMatch = (etag: string | undefined): Record<string, string> => (etag ? { 'If-Match': etag } : {});

/** Whether a save failed because the record changed since it was read. */
export const isEditConflict = (error: unknown): boolean => error instanceof ApiError && error.code === 'edit_conflict';

import { encodeCursor } from '../core/cursor';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '../http/answer-meta';

// How a route with `pageMeta` is documented (src/http/answer-meta.ts is the
// behaviour): its data is a page of the list, a bare array, and the list's total
// and the next page's cursor come as headers.

export const pageMetaHeaders = {
  [TOTAL_COUNT_HEADER]: {
    description: 'How many entries the whole list holds (every page gives the same total, whatever its limit, offset or cursor)',
    schema: { type: 'integer' as const, minimum: 0, example: 25 },
  },
  [NEXT_CURSOR_HEADER]: {
    description:
      'Present when more entries follow this page: pass it as `cursor` (with the same limit) for the next page. Absent on the last page',
    schema: { type: 'string' as const, example: encodeCursor(100) },
  },
};

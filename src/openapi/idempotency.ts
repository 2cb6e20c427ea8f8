import { z } from 'zod';
import { IDEMPOTENCY_HEADER, MAX_KEY_LENGTH, REPLAYED_HEADER } from '../http/idempotency';

// How an `idempotent` route's Idempotency-Key is documented (src/http/idempotency.ts
// is the behaviour): the request header, the replay marker, the errors it adds.

export const idempotencyHeaders = z.object({
  // Said on the parameter only (`.describe` would repeat it in the schema).
  [IDEMPOTENCY_HEADER]: z
    .string()
    .min(1)
    .max(MAX_KEY_LENGTH)
    .optional()
    .meta({
      param: {
        example: 'ci-4711-junit-3f2a9c',
        description:
          `Makes a retry of this write safe. The first request with a key runs and its success answer is kept for 24 hours, per user and key; ` +
          'a repeat of the same request (same route, query and body) gets that answer again, status and body, without writing again ' +
          `(marked \`${REPLAYED_HEADER}: true\`). The same key with a different request is 422; a key whose first request is still running is 409. ` +
          'A request that fails (4xx or 5xx) keeps nothing, so it may be retried with the same key. ' +
          'A dry run (`dryRun=true` in the query) writes nothing and is answered afresh each time: its key is ignored. ' +
          `1-${MAX_KEY_LENGTH} characters (otherwise 400); a random UUID, or a hash of what is being sent, serves well.`,
      },
    }),
});

export const replayedHeader = {
  [REPLAYED_HEADER]: {
    description: `\`true\` when this is the stored answer of an earlier request with the same ${IDEMPOTENCY_HEADER}`,
    schema: { type: 'string' as const, enum: ['true'] },
  },
};

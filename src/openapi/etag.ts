import { z } from 'zod';

// How a route with `caching` is documented (src/http/etag.ts is the behaviour): the
// If-None-Match request header, the ETag of the answer, and the 304.

export const conditionalHeaders = z.object({
  'If-None-Match': z
    .string()
    .optional()
    .meta({
      param: {
        example: 'W/"p3.41-Qm1hY2hlY2tzdW0x"',
        description:
          'The ETag of an earlier answer to this same request: while what it shows is unchanged the answer is 304 with no body, ' +
          'decided before the page is built. Browsers send it on their own for answers they keep.',
      },
    }),
});

export const etagHeaders = {
  ETag: {
    description: 'Version of this answer (weak); send it back as If-None-Match to get 304 while it is current',
    schema: { type: 'string' as const },
  },
  'Cache-Control': {
    description: '`private, no-cache`: a browser may keep the answer but revalidates it every time; no shared cache stores it',
    schema: { type: 'string' as const },
  },
};

export const notModifiedResponse = {
  description: 'Not modified: the If-None-Match ETag is current; no body (use the answer that ETag came with)',
  headers: etagHeaders,
};

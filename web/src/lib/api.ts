import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './api-types';
import { sessionEnded, sessionWorks } from './session';

type Schemas = components['schemas'];
/** The `code` of an error envelope: every code the API documents (its error schemas, from src/core/error-codes.ts). */
export type ErrorCode = {
  [K in keyof Schemas]: K extends `Error${number}` ? (Schemas[K] extends { code: infer C } ? C : never) : never;
}[keyof Schemas];

/** An API answer other than 2xx: the server's error text, HTTP status and error code (undefined when not the API's envelope). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The code of an error body, when it is the API's error envelope. */
async function codeOf(response: Response): Promise<ErrorCode | undefined> {
  if (response.ok || !response.headers.get('content-type')?.includes('json')) return undefined;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { code?: ErrorCode } | undefined;
  return body?.code;
}

// `unauthorized` means the session ended (expired, signed out elsewhere): session.ts says so
// and keeps the page, so what is not sent yet is not lost.
const signInAgain: Middleware = {
  async onResponse({ response }) {
    if ((await codeOf(response)) === 'unauthorized') sessionEnded();
    else sessionWorks();
  },
};

/**
 * The typed REST client (paths from openapi.yaml), sending the session cookie.
 * Reads of a project or an organization, and the caller's own (user details,
 * tokens), answer `Cache-Control: private, no-cache` with an ETag, so
 * fetch's own HTTP cache (the default cache mode) revalidates them with
 * If-None-Match, and a 304 hands TanStack Query the kept body; nothing to do here.
 */
export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(signInAgain);

function errorText(error: unknown, response: Response): string {
  if (error && typeof error === 'object' && 'error' in error && typeof error.error === 'string') return error.error;
  if (typeof error === 'string' && error.trim()) return error.trim();
  return `${response.status} ${response.statusText}`.trim();
}

/**
 * The `data` of a `{data, status}` envelope, or an ApiError with the `{error, status}` text:
 * `const project = await unwrap(api.GET('/api/v1/project/detail', { params: { query: { projectId } } }))`.
 */
export async function unwrap<T>(request: Promise<{ data?: { data: T }; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await request;
  if (!response.ok || data === undefined) {
    const code = error && typeof error === 'object' && 'code' in error ? (error.code as ErrorCode) : undefined;
    throw new ApiError(errorText(error, response), response.status, code);
  }
  return data.data;
}

/** A page of a list the API answers as a bare array: its entries, and what the answer's headers say about the rest. */
export interface ArrayPage<T> {
  items: T[];
  /** How many entries the whole list holds (X-Total-Count). */
  total: number | undefined;
  /** The cursor of the next page while more entries follow (X-Next-Cursor). */
  nextCursor: string | undefined;
}

/** `unwrap` for a paged list answered as an array (the status histories): the entries with the total and next cursor of its headers. */
export async function unwrapPage<T>(
  request: Promise<{ data?: { data: T[] }; error?: unknown; response: Response }>,
): Promise<ArrayPage<T>> {
  const answered = await request;
  const items = await unwrap(Promise.resolve(answered));
  const total = answered.response.headers.get('X-Total-Count');
  return {
    items,
    total: total === null ? undefined : Number(total),
    nextCursor: answered.response.headers.get('X-Next-Cursor') ?? undefined,
  };
}

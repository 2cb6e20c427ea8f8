import type { operations } from './api-types';

/** The JSON request body of an operation in openapi.yaml, e.g. `JsonBody<'postProjectCreate'>`. */
export type JsonBody<Op extends keyof operations> = operations[Op] extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : never;

import type { paths } from '../../../lib/api-types';

// The answers of the versions routes, from the API's types alone: pure modules (and their unit
// tests under the root tsconfig) use them without the API client and its browser globals.

type Data<P extends keyof paths, M extends 'get' | 'put'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;
export type VersionEntry = Data<'/api/v1/test/versions', 'get'>['versions'][number];
export type TestVersion = Data<'/api/v1/test/version', 'get'>;
export type VersionContent = TestVersion['content'];
export type RestoreResult = Data<'/api/v1/test/restore-version', 'put'>;

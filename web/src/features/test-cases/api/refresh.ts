import type { QueryClient } from '@tanstack/react-query';
import { metadataKeys } from '../../project-metadata';
import { projectKeys } from '../../projects';
import { testKeys } from './query-keys';

/** After tests are created or deleted: the lists and open tests, and the project's counts. */
export const refreshTests = (qc: QueryClient, projectId: number) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: testKeys.all(projectId) }),
    qc.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  ]);

/** After a section moves or goes: the tree, and the lists (a section filter covers other tests now). */
export const refreshSectionTree = (qc: QueryClient, projectId: number) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: metadataKeys.sections(projectId) }),
    qc.invalidateQueries({ queryKey: testKeys.all(projectId) }),
  ]);

import type { LookupKind } from './get-lookups';

// Query keys of a project's sections, labels, squads and lookup lists: every query and
// invalidation of them.

export const metadataKeys = {
  sections: (projectId: number) => ['sections', projectId] as const,
  labels: (projectId: number) => ['labels', projectId] as const,
  squads: (projectId: number) => ['squads', projectId] as const,
  lookup: (kind: LookupKind, projectId: number) => ['lookup', kind, projectId] as const,
};
